import i18next, { type TFunction } from 'i18next';
import { personName } from '../person-name';
import { liveEventSchema } from '../../../contracts/live-events';
import { notificationText } from './notification-text';
import type { PushMessage } from './realtime-connection';

/** The toast of a pushed message, in the reader's language. */
export function pushToastText(t: TFunction, message: PushMessage): { title: string; description?: string } {
  const event = liveEventSchema.safeParse(message);
  if (event.success) {
    const e = event.data;
    switch (e.type) {
      case 'notification': {
        const text = notificationText(t, e.notification);
        return { title: text.title, description: text.message };
      }
      case 'permission_update':
        return {
          title: t('realtime:events.permissions.title'),
          description: e.permission
            ? t(`realtime:events.permissions.single.${e.action}`, { permission: e.permission })
            : t('realtime:events.permissions.bulk.updated'),
        };
      case 'user_permissions_changed':
        return { title: t('realtime:events.permissions.title'), description: t(`realtime:events.permissions.bulk.${e.action}`) };
      case 'appointment_update':
        return { title: t('realtime:events.appointment.title'), description: t(`realtime:events.appointment.${e.action}`) };
      case 'staff_status_update':
        return {
          title: t('realtime:events.staffStatus.title'),
          description: t(`realtime:events.staffStatus.${e.status}`, { name: personName(e, i18next.resolvedLanguage ?? 'en') }),
        };
      case 'role_changed':
        return {
          title: t('realtime:events.role.title'),
          description: t(`realtime:events.role.${e.action}`, { role: t(`shell:roles.${e.role}`, { defaultValue: e.role }) }),
        };
    }
  }
  return { title: t(`realtime:events.other.${familyOf(message.type)}`) };
}

/** Messages the contracts do not describe yet are named by their family. */
function familyOf(type: string): string {
  if (type.startsWith('leave_')) return 'leave';
  if (type.startsWith('coverage_')) return 'coverage';
  if (type.includes('appointment')) return 'appointments';
  if (type.startsWith('medication')) return 'medications';
  if (type.startsWith('vitals')) return 'vitals';
  if (type.startsWith('patient')) return 'patients';
  if (type === 'new_message') return 'newMessage';
  if (type === 'message_sent') return 'messageSent';
  if (type === 'staff_status_update') return 'staffStatus';
  if (type.startsWith('role') || type.startsWith('user_role')) return 'role';
  if (type.startsWith('permission')) return 'permissions';
  return 'general';
}
