import { notificationEventSchema } from '../../../contracts/live-events';
import type { NotificationCategory, NotificationPreferences } from '../../../contracts/user-settings';
import type { PushMessage } from './realtime-connection';

// The kinds of live notification a user may silence in settings. What is honoured:
// a silenced kind shows no toast in this tab; the notification is still stored, counted in the bell
// and refreshes the views it concerns. Never silenced: high-priority and emergency notifications,
// and access changes (permissions, roles), which a person must always be told about.

const BY_NOTIFICATION_TYPE: Record<string, NotificationCategory> = {
  appointment: 'appointments',
  reminder: 'appointments',
  consultation: 'appointments',
  lab_result: 'labResults',
  message: 'messages',
  system: 'system',
  other: 'system',
};

const BY_PUSH_TYPE: Record<string, NotificationCategory> = {
  appointment_update: 'appointments',
  appointment_reassigned: 'appointments',
  appointments_reassigned_for_coverage: 'appointments',
  new_message: 'messages',
  message_sent: 'messages',
  'general-update': 'system',
  staff_status_update: 'system',
};

/** The kind a pushed message belongs to, or null when it may not be silenced. */
export function notificationCategory(message: PushMessage): NotificationCategory | null {
  if (message.type === 'notification') {
    const parsed = notificationEventSchema.safeParse(message);
    if (!parsed.success) return null;
    const { notification } = parsed.data;
    if (notification.priority === 'high' || notification.code?.startsWith('access.')) return null;
    return BY_NOTIFICATION_TYPE[notification.type] ?? null;
  }
  if (message.priority === 'high' || message.type === 'emergency_alert') return null;
  if (message.type.startsWith('leave_')) return 'system';
  if (message.type.startsWith('coverage_')) return 'appointments';
  return BY_PUSH_TYPE[message.type] ?? null;
}

/** Whether the message may pop up as a toast under the user's saved choices (all allowed until known). */
export function toastAllowed(message: PushMessage, preferences: NotificationPreferences | undefined): boolean {
  const category = notificationCategory(message);
  if (!category || !preferences) return true;
  return preferences[category];
}
