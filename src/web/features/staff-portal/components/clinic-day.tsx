import { useQuery } from '@tanstack/react-query';
import { MapPin, Video } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_TYPES,
  type AppointmentStatus,
  type AppointmentType,
  type TodayItem,
} from '../../../../contracts/appointments';
import { FRONT_DESK } from '../../../../contracts/front-desk';
import { AppointmentBookedBy, AppointmentConfirmedBadge, AppointmentStatusBadge } from '../../../components/clinical/appointment-item';
import { inputClasses } from '../../../components/ui/field';
import { EmptyState, InlineLoading, QueryError } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { usePersonName } from '../../../lib/person-name';
import { clinicTodayQuery } from '../api/staff-portal';
import { useDeskFormat } from '../lib/use-desk-format';
import { ArrivalActions } from './arrival-actions';
import { Card } from './card';

// The clinic's day at the desk: who arrives within the hour, and every appointment of today with
// its doctor's queue (place and estimated wait), filtered by doctor, status and type, with the
// desk's steps. One answer (today's list) feeds both, refreshed by pushes, so they never disagree.

/** Scheduled visits starting from now to the end of the arrivals window, soonest first. */
export function arrivingSoon(items: readonly TodayItem[], now: number): TodayItem[] {
  const until = now + FRONT_DESK.arrivalsWindowMinutes * 60_000;
  return items.filter((item) => item.status === 'scheduled' && Date.parse(item.startsAt) >= now && Date.parse(item.startsAt) <= until);
}

function Filter({
  label,
  value,
  onChange,
  children,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select id={id} className={inputClasses(false)} value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
        {children}
      </select>
    </div>
  );
}

export function ClinicDay({ clinicTimeZone, now }: { clinicTimeZone: string; now: number }) {
  const { t } = useTranslation(['staff-portal', 'health']);
  const nameOf = usePersonName();
  const format = useDeskFormat(clinicTimeZone);
  const { can } = usePermissions();
  const query = useQuery(clinicTodayQuery(clinicTimeZone));
  const [doctorId, setDoctorId] = useState('');
  const [status, setStatus] = useState<AppointmentStatus | ''>('');
  const [type, setType] = useState<AppointmentType | ''>('');
  const allowed = {
    arrive: can(['appointments.update']),
    cancel: can(['appointments.update', 'appointments.delete']),
    reschedule: can(['appointments.reschedule']),
  };

  const doctors = useMemo(() => {
    const seen = new Map<string, TodayItem['doctor']>();
    for (const item of query.data?.data ?? []) seen.set(item.doctorId, item.doctor);
    return [...seen.values()].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  }, [query.data, nameOf]);
  const shown = (query.data?.data ?? []).filter(
    (item) => (!doctorId || item.doctorId === doctorId) && (!status || item.status === status) && (!type || item.type === type),
  );
  const soon = arrivingSoon(query.data?.data ?? [], now);

  if (query.isPending) return <InlineLoading />;
  if (query.isError) return <QueryError message={errorText(t, query.error, t('day.loadFailed'))} onRetry={() => void query.refetch()} />;

  return (
    <>
      <Card title={t('arrivals.title')} testId="arriving-soon">
        {soon.length === 0 ? (
          <EmptyState>{t('arrivals.empty')}</EmptyState>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
            {soon.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm first:pt-0 last:pb-0">
                <span className="flex min-w-0 gap-3">
                  <time dateTime={item.startsAt} className="w-16 shrink-0 font-medium tabular-nums">
                    {format.time(item.startsAt)}
                  </time>
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{nameOf(item.patient)}</span> · {nameOf(item.doctor)}
                  </span>
                </span>
                {item.parkingReservation ? (
                  <span className="text-xs text-slate-700 dark:text-slate-300">
                    {t('day.parking', { plate: item.parkingReservation.licensePlate })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title={t('day.title')} id="clinic-day" testId="clinic-day">
        <div className="grid gap-3 sm:grid-cols-3">
          <Filter label={t('day.filters.doctor')} value={doctorId} onChange={setDoctorId} testId="filter-doctor">
            <option value="">{t('day.filters.allDoctors')}</option>
            {doctors.map((doctor) => (
              <option key={doctor.id} value={doctor.id}>
                {nameOf(doctor)}
              </option>
            ))}
          </Filter>
          <Filter
            label={t('day.filters.status')}
            value={status}
            onChange={(value) => setStatus(value as AppointmentStatus | '')}
            testId="filter-status"
          >
            <option value="">{t('day.filters.allStatuses')}</option>
            {APPOINTMENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`health:appointments.status.${value}`)}
              </option>
            ))}
          </Filter>
          <Filter
            label={t('day.filters.type')}
            value={type}
            onChange={(value) => setType(value as AppointmentType | '')}
            testId="filter-type"
          >
            <option value="">{t('day.filters.allTypes')}</option>
            {APPOINTMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`health:appointments.type.${value}`)}
              </option>
            ))}
          </Filter>
        </div>
        <p className="sr-only" aria-live="polite">
          {t('day.count', { count: shown.length })}
        </p>
        {shown.length === 0 ? (
          <EmptyState>{query.data.data.length === 0 ? t('day.empty') : t('day.noMatch')}</EmptyState>
        ) : (
          <ol className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800" data-testid="day-list">
            {shown.map((item) => {
              const TypeIcon = item.type === 'video' ? Video : MapPin;
              return (
                <li
                  key={item.id}
                  className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
                  data-testid="day-item"
                >
                  <div className="flex min-w-0 gap-3">
                    <time dateTime={item.startsAt} className="w-16 shrink-0 font-medium whitespace-nowrap tabular-nums">
                      {format.time(item.startsAt)}
                    </time>
                    <div className="flex min-w-0 flex-col gap-0.5">
                      <p className="font-medium break-words" data-testid="day-patient">
                        {nameOf(item.patient)}
                      </p>
                      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700 dark:text-slate-300">
                        {nameOf(item.doctor)}
                        <span aria-hidden="true">·</span>
                        <TypeIcon className="size-4 shrink-0" aria-hidden="true" />
                        {t(`health:appointments.type.${item.type}`)}
                      </p>
                      <AppointmentBookedBy bookedByRole={item.bookedByRole} reader="clinic" />
                      {item.lateAt ? (
                        <p className="text-sm text-amber-800 dark:text-amber-200">{t('day.late', { time: format.time(item.lateAt) })}</p>
                      ) : null}
                      {item.checkedInAt && item.status === 'checked-in' ? (
                        <p className="text-sm text-slate-700 dark:text-slate-300">
                          {t('day.arrived', { time: format.time(item.checkedInAt) })}
                        </p>
                      ) : null}
                    </div>
                  </div>
                  <div className="flex flex-col items-start gap-2 sm:items-end">
                    <div className="flex flex-wrap items-center gap-2">
                      {item.queuePosition !== null ? (
                        <span className="text-xs text-slate-700 dark:text-slate-300" data-testid="day-queue">
                          {t('day.queue', { position: item.queuePosition, count: item.estimatedWaitTime ?? 0 })}
                        </span>
                      ) : null}
                      {item.confirmedAt ? <AppointmentConfirmedBadge confirmedAt={item.confirmedAt} timeZone={clinicTimeZone} /> : null}
                      <AppointmentStatusBadge status={item.status} />
                    </div>
                    <ArrivalActions item={item} now={now} allowed={allowed} clinicTimeZone={clinicTimeZone} />
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </Card>
    </>
  );
}
