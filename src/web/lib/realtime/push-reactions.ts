import { TOAST } from '../../../contracts/constants';
import { notificationEventSchema } from '../../../contracts/live-events';
import type { PushMessage } from './realtime-connection';

// What each pushed message does in this tab besides refreshing data: the toast it shows
// (docs/product.md, Notifications and toasts) and whether it re-fetches the session and the
// permission list. Which cached queries it makes stale is declared by each feature next to its
// queries (features/<area>/api/reactions.ts, gathered in app/push-reactions.ts). Pure data, so the
// mapping is tested on its own; realtime-provider.tsx applies both.

export type ToastVariant = 'error' | 'success' | 'warning' | 'info';

export interface PushReaction {
  /** Re-fetch the session and the permission list (after a permission or role change). */
  refreshAccess: boolean;
  toast: { variant: ToastVariant; durationMs: number } | null;
}

interface Rule {
  durationMs: number;
  refreshAccess?: boolean;
}

const ACCESS_CHANGE = (durationMs: number): Rule => ({ durationMs, refreshAccess: true });

const RULES: Record<string, Rule> = {
  notification: { durationMs: TOAST.defaultMs },
  appointments_reassigned_for_coverage: { durationMs: TOAST.medicationsAndAppointmentsMs },
  appointment_reassigned: { durationMs: TOAST.medicationsAndAppointmentsMs },
  vitals_update: { durationMs: TOAST.defaultMs },
  medication_update: { durationMs: TOAST.medicationsAndAppointmentsMs },
  'patient-created': { durationMs: TOAST.defaultMs },
  patient_update: { durationMs: TOAST.defaultMs },
  'general-update': { durationMs: TOAST.defaultMs },
  appointment_update: { durationMs: TOAST.medicationsAndAppointmentsMs },
  new_message: { durationMs: TOAST.defaultMs },
  message_sent: { durationMs: TOAST.defaultMs },
  staff_status_update: { durationMs: TOAST.staffStatusMs },
  permission_update: ACCESS_CHANGE(TOAST.permissionUpdateMs),
  permission_updated: ACCESS_CHANGE(TOAST.permissionUpdateMs),
  user_permissions_changed: ACCESS_CHANGE(TOAST.permissionChangesMs),
  role_changed: ACCESS_CHANGE(TOAST.roleChangeMs),
  role_updated: ACCESS_CHANGE(TOAST.roleChangeMs),
  user_role_changed: ACCESS_CHANGE(TOAST.roleChangeMs),
};

/** Leave-request and coverage messages come in several types each; they share a family rule. */
function familyRule(type: string): Rule | undefined {
  if (type.startsWith('leave_') || type.startsWith('coverage_')) return { durationMs: TOAST.defaultMs };
  return undefined;
}

/** Ignored: they keep the connection, they carry no news. */
const IGNORED = new Set(['ping', 'pong', 'connection_established', 'health_check_response']);

/**
 * A notification's colour: error if the priority is high or the type is emergency_alert; success
 * if the type says confirmed or approved; warning if it says cancelled or rejected; otherwise info.
 */
export function toastVariant(priority: string | undefined, type: string): ToastVariant {
  if (priority === 'high' || type === 'emergency_alert') return 'error';
  if (type.includes('confirmed') || type.includes('approved')) return 'success';
  if (type.includes('cancelled') || type.includes('rejected')) return 'warning';
  return 'info';
}

/** The words the colour rule reads: the message type and its action (appointment_update + cancelled). */
function describedType(message: PushMessage): string {
  const action = typeof message.action === 'string' ? message.action : '';
  return action ? `${message.type}_${action}` : message.type;
}

export function reactionFor(message: PushMessage): PushReaction | null {
  if (IGNORED.has(message.type)) return null;
  const rule = RULES[message.type] ?? familyRule(message.type);
  if (!rule) return null;

  let priority = typeof message.priority === 'string' ? message.priority : undefined;
  let type = describedType(message);
  let showToast = true;
  const notification = message.type === 'notification' ? notificationEventSchema.safeParse(message) : null;
  if (notification) {
    if (!notification.success) return null;
    const { notification: n } = notification.data;
    priority = n.priority;
    type = n.type;
    // Permission and role changes are told by their own push (below); the stored notification only
    // updates the bell, so the person does not get the same news twice.
    // Appointment changes likewise: their appointment_update push carries the toast (6 s,
    // warning when cancelled), the stored notification fills the bell.
    showToast = !(n.code?.startsWith('access.') || n.code?.startsWith('appointment.'));
  }

  // A refill request is told by the requester's own confirmation and the prescriber's notification,
  // a decision by the patient's notification; their medication_update only refreshes the views.
  if (message.type === 'medication_update' && typeof message.reason === 'string' && message.reason.startsWith('refill_')) showToast = false;

  // The sender's own tabs hear of their reads, archiving and hand-offs only to refresh; a message
  // they sent (or a conversation they started) is the one thing told.
  if (message.type === 'message_sent' && message.action !== 'sent' && message.action !== 'started') showToast = false;

  // 10 s for high priority, whatever the type.
  const durationMs = priority === 'high' ? TOAST.highPriorityMs : rule.durationMs;
  return {
    refreshAccess: rule.refreshAccess ?? false,
    toast: showToast ? { variant: toastVariant(priority, type), durationMs } : null,
  };
}
