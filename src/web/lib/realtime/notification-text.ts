import i18next, { type TFunction } from 'i18next';
import type { Notification } from '../../../contracts/notifications';
import { personName } from '../person-name';

/**
 * A notification's title and message in the reader's language. Server-produced notifications carry
 * a `code` (contracts NOTIFICATION_CODES) with texts in the `notifications` namespace; any other
 * notification, or a code this build does not know yet, shows the stored text as written.
 */
export function notificationText(t: TFunction, notification: Pick<Notification, 'code' | 'params' | 'title' | 'message'>) {
  const { code, params, title, message } = notification;
  if (!code) return { title, message };
  const key = `notifications:codes.${code.replace(/\./g, '_')}`;
  const values = { ...params, ...doctorsOf(t, params), ...patientOf(params), ...whenOf(params.startsAt) };
  return {
    title: t(`${key}.title`, { ...values, defaultValue: title }),
    message: t(`${key}.message`, { ...values, defaultValue: message }),
  };
}

/**
 * The doctors a notification names, titled and ordered in the reader's language from the parts the
 * server sends (doctorFirstName and doctorLastName; previousDoctor… for the doctor an appointment
 * moved away from). A notification stored before the parts were sent carries `doctorName` and
 * `previousDoctorName` as English text, which shows as written; one with neither says "your doctor".
 */
function doctorsOf(t: TFunction, params: Record<string, string>): { doctorName: string; previousDoctorName?: string } {
  const doctor = titledDoctor(t, params.doctorFirstName, params.doctorLastName) ?? params.doctorName;
  const previous = titledDoctor(t, params.previousDoctorFirstName, params.previousDoctorLastName) ?? params.previousDoctorName;
  return {
    doctorName: doctor ?? t('notifications:doctorUnknown'),
    ...(previous === undefined ? {} : { previousDoctorName: previous }),
  };
}

/**
 * The patient a notification names, ordered in the reader's language from the parts the server sends
 * (patientFirstName and patientLastName), under both names the texts use (`patientName` for a booking,
 * `patient` for a refill request). A notification stored before the parts were sent carries one of
 * them already written in English order, which the spread params show as written.
 */
function patientOf(params: Record<string, string>): { patientName?: string; patient?: string } {
  const name = orderedName(params.patientFirstName, params.patientLastName);
  return name === undefined ? {} : { patientName: name, patient: name };
}

/** A person's name in the reader's order from the parts of a notification; undefined without parts. */
export function orderedName(firstName: string | undefined, lastName: string | undefined): string | undefined {
  if (firstName === undefined && lastName === undefined) return undefined;
  return personName({ firstName: firstName ?? '', lastName: lastName ?? '' }, i18next.resolvedLanguage ?? 'en');
}

/** "Dr. Sarah Chen", "陈莎拉 医生": the common title around the name in the reader's order; undefined without parts. */
export function titledDoctor(t: TFunction, firstName: string | undefined, lastName: string | undefined): string | undefined {
  const name = orderedName(firstName, lastName);
  return name === undefined ? undefined : t('common:doctorName', { name });
}

/** An instant in the params (an appointment's start) as the reader's date and time. */
function whenOf(startsAt: string | undefined): { when?: string } {
  const at = startsAt ? new Date(startsAt) : null;
  if (!at || Number.isNaN(at.getTime())) return {};
  return { when: new Intl.DateTimeFormat(i18next.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(at) };
}
