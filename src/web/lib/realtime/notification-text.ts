import i18next, { type TFunction } from 'i18next';
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
  const values = { ...params, ...whenOf(params.startsAt) };
  return {
    title: t(`${key}.title`, { ...values, defaultValue: title }),
    message: t(`${key}.message`, { ...values, defaultValue: message }),
  };
}

/** An instant in the params (an appointment's start) as the reader's date and time. */
function whenOf(startsAt: string | undefined): { when?: string } {
  const at = startsAt ? new Date(startsAt) : null;
  if (!at || Number.isNaN(at.getTime())) return {};
  return { when: new Intl.DateTimeFormat(i18next.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(at) };
}
