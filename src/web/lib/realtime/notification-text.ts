import type { TFunction } from 'i18next';
import type { Notification } from '../../../contracts/notifications';

/**
 * A notification's title and message in the reader's language. Server-produced notifications carry
 * a `code` (contracts NOTIFICATION_CODES) with texts in the `notifications` namespace; any other
 * notification, or a code this build does not know yet, shows the stored text as written.
 */
export function notificationText(t: TFunction, notification: Pick<Notification, 'code' | 'params' | 'title' | 'message'>) {
  const { code, params, title, message } = notification;
  if (!code) return { title, message };
  const key = `notifications:codes.${code.replace(/\./g, '_')}`;
  return {
    title: t(`${key}.title`, { ...params, defaultValue: title }),
    message: t(`${key}.message`, { ...params, defaultValue: message }),
  };
}
