import { usePersonName } from '../../lib/person-name';
import { CalendarClock, CheckCircle2, MapPin, Video } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment, AppointmentStatus } from '../../../contracts/appointments';
import { specialtyByName } from '../../../contracts/doctors';
import { clinicalFormat, useClinicalFormat } from '../../lib/clinical/format';

const STATUS_TONE: Record<AppointmentStatus, string> = {
  requested: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100',
  scheduled: 'border-brand-100 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-brand-900/40 dark:text-brand-100',
  'checked-in': 'border-brand-100 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-brand-900/40 dark:text-brand-100',
  'in-progress': 'border-brand-100 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-brand-900/40 dark:text-brand-100',
  completed: 'border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100',
  cancelled: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200',
  'no-show': 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200',
};

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation('health');
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${STATUS_TONE[status]}`}>
      {t(`appointments.status.${status}`)}
    </span>
  );
}

/**
 * "Confirmed": the patient said they will come. When they did (on `timeZone`'s clock, the reader's
 * own when not given) is in the badge's title for a pointer and in its text for a screen reader.
 */
export function AppointmentConfirmedBadge({ confirmedAt, timeZone }: { confirmedAt: string; timeZone?: string }) {
  const { t, i18n } = useTranslation('health');
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const format = useMemo(() => clinicalFormat(locale, timeZone), [locale, timeZone]);
  const label = t('appointments.confirmedAt', { when: format.dateTime(confirmedAt) });
  return (
    <span
      title={label}
      data-testid="confirmed-badge"
      className="inline-flex items-center gap-1 rounded-full border border-emerald-200 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100"
    >
      <CheckCircle2 className="size-3.5 shrink-0" aria-hidden="true" />
      <span aria-hidden="true">{t('appointments.confirmed')}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Whose booking it is, as the appointment records it: the front desk (staff or an admin) or the patient. */
export function bookedBySource(bookedByRole: string | null): 'desk' | 'patient' | null {
  if (bookedByRole === 'staff' || bookedByRole === 'admin') return 'desk';
  if (bookedByRole === 'patient') return 'patient';
  return null;
}

/**
 * "Booked by the front desk" or by the patient ("by you" when the patient reads it); nothing for a
 * booking whose origin was not recorded.
 */
export function AppointmentBookedBy({ bookedByRole, reader }: { bookedByRole: string | null; reader: 'patient' | 'clinic' }) {
  const { t } = useTranslation('health');
  const source = bookedBySource(bookedByRole);
  if (!source) return null;
  const key = source === 'desk' ? 'desk' : reader === 'patient' ? 'you' : 'patient';
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="booked-by">
      {t(`appointments.bookedBy.${key}`)}
    </p>
  );
}

/**
 * One appointment: when (in the user's time zone), with whom, how, and its status. Its parking is
 * shown by the upcoming card's extras (appointments feature), with the times, in one place.
 */
export function AppointmentItem({ appointment, detailed = false }: { appointment: Appointment; detailed?: boolean }) {
  const { t } = useTranslation(['health', 'doctors']);
  const nameOf = usePersonName();
  const format = useClinicalFormat();
  const specialty = specialtyByName(appointment.doctor.specialty);
  const TypeIcon = appointment.type === 'video' ? Video : MapPin;
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid="appointment-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-medium">
          <CalendarClock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <time dateTime={appointment.startsAt}>{format.dateTime(appointment.startsAt)}</time>
        </p>
        <span className="flex flex-wrap items-center gap-2">
          {appointment.confirmedAt ? <AppointmentConfirmedBadge confirmedAt={appointment.confirmedAt} /> : null}
          <AppointmentStatusBadge status={appointment.status} />
        </span>
      </div>
      <p className="text-sm text-slate-800 dark:text-slate-200">
        {t('health:appointments.doctor', { name: nameOf(appointment.doctor) })}
        {' · '}
        {specialty ? t(`doctors:specialties.${specialty.key}`) : appointment.doctor.specialty}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700 dark:text-slate-300">
        <TypeIcon className="size-4 shrink-0" aria-hidden="true" />
        {t(`health:appointments.type.${appointment.type}`)}
        {detailed ? <span>· {t('health:appointments.duration', { count: appointment.duration })}</span> : null}
      </p>
      {detailed && appointment.reason ? (
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">
          {t('health:appointments.reason', { reason: appointment.reason })}
        </p>
      ) : null}
      {detailed && appointment.status === 'requested' ? (
        <p className="text-sm text-amber-900 dark:text-amber-100" data-testid="awaiting-approval">
          {t('health:appointments.awaitingApproval')}
        </p>
      ) : null}
      {detailed ? <AppointmentBookedBy bookedByRole={appointment.bookedByRole} reader="patient" /> : null}
    </div>
  );
}
