import { Clock, MapPin, Video } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScheduleItem, ScheduleResponse } from '../../../../contracts/doctor-portal';
import { AppointmentConfirmedBadge, AppointmentStatusBadge } from '../../../components/clinical/appointment-item';
import { EmptyState } from '../../../components/ui/query-states';
import { chartPath } from '../../../lib/clinical/chart-path';
import { usePersonName } from '../../../lib/person-name';
import { useClinicFormat } from '../lib/use-clinic-format';
import { VisitActions } from './visit-actions';
import { JoinVideoVisit } from '../../../components/clinical/join-video-visit';

// Today on the doctor's home: who is next, the waiting room in queue order, and the whole day with
// the step each visit can take. Every patient's name opens their chart. All of it comes from one answer (today's schedule), which pushes
// refresh, so the three never disagree.

type Notice = (message: string, kind: 'success' | 'error') => void;

/** Checked-in patients in queue order. */
export function waitingRoom(items: readonly ScheduleItem[]): ScheduleItem[] {
  return items
    .filter((item) => item.status === 'checked-in' && item.queuePosition !== null)
    .sort((a, b) => (a.queuePosition ?? 0) - (b.queuePosition ?? 0));
}

/** The visit under way, else the first in the waiting room, else the next visit still to come. */
export function nextPatient(items: readonly ScheduleItem[]): ScheduleItem | undefined {
  return (
    items.find((item) => item.status === 'in-progress') ??
    waitingRoom(items)[0] ??
    items.filter((item) => item.queuePosition !== null).sort((a, b) => (a.queuePosition ?? 0) - (b.queuePosition ?? 0))[0]
  );
}

function Card({ title, id, testId, children }: { title: string; id?: string; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-testid={testId}
      className="flex min-w-0 scroll-mt-20 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Who({ item }: { item: ScheduleItem }) {
  const { t } = useTranslation(['doctor-portal', 'health']);
  const nameOf = usePersonName();
  const TypeIcon = item.type === 'video' ? Video : MapPin;
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <p className="font-medium break-words" data-testid="patient-name">
        <Link to={chartPath(item.patientId)} className="text-brand-800 underline dark:text-brand-200">
          {nameOf(item.patient)}
        </Link>
      </p>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700 dark:text-slate-300">
        <TypeIcon className="size-4 shrink-0" aria-hidden="true" />
        {t(`health:appointments.type.${item.type}`)}
        <span aria-hidden="true">·</span>
        {t('health:appointments.duration', { count: item.duration })}
      </p>
      {item.reason ? (
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">
          {t('doctor-portal:schedule.reason', { reason: item.reason })}
        </p>
      ) : null}
    </div>
  );
}

export function NextPatient({ answer, now, onNotice }: { answer: ScheduleResponse; now: number; onNotice: Notice }) {
  const { t } = useTranslation('doctor-portal');
  const format = useClinicFormat(answer.clinicTimeZone);
  const next = nextPatient(answer.data);
  return (
    <Card title={next?.status === 'in-progress' ? t('next.inProgress') : t('next.title')} testId="next-patient">
      {next ? (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="flex items-center gap-2 font-medium">
              <Clock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <time dateTime={next.startsAt}>{format.time(next.startsAt)}</time>
            </p>
            <AppointmentStatusBadge status={next.status} />
          </div>
          <Who item={next} />
          {next.status === 'checked-in' && next.checkedInAt ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('next.arrived', { time: format.time(next.checkedInAt) })}</p>
          ) : null}
          <div className="flex flex-wrap items-start gap-2">
            <JoinVideoVisit appointment={next} />
            <VisitActions item={next} now={now} onNotice={onNotice} />
          </div>
        </div>
      ) : (
        <EmptyState>{t('next.none')}</EmptyState>
      )}
    </Card>
  );
}

export function WaitingRoom({ answer }: { answer: ScheduleResponse }) {
  const { t } = useTranslation('doctor-portal');
  const nameOf = usePersonName();
  const format = useClinicFormat(answer.clinicTimeZone);
  const waiting = waitingRoom(answer.data);
  return (
    <Card title={t('queue.title')} id="waiting-room" testId="waiting-room">
      {waiting.length === 0 ? (
        <EmptyState>{t('queue.empty')}</EmptyState>
      ) : (
        <ol className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800" aria-live="polite" data-testid="waiting-list">
          {/* The waiting room numbers those who are here, in the day's queue order: a booked patient
              who has not arrived holds no place in it. */}
          {waiting.map((item, index) => (
            <li key={item.id} className="flex items-center justify-between gap-3 py-2 first:pt-0 last:pb-0">
              <span className="flex min-w-0 items-center gap-3">
                <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-900 dark:bg-brand-900/40 dark:text-brand-100">
                  <span className="sr-only">{t('queue.position', { position: index + 1 })}</span>
                  <span aria-hidden="true">{format.number(index + 1)}</span>
                </span>
                <Link
                  to={chartPath(item.patientId)}
                  className="min-w-0 font-medium break-words text-brand-800 underline dark:text-brand-200"
                >
                  {nameOf(item.patient)}
                </Link>
              </span>
              <time dateTime={item.startsAt} className="shrink-0 text-sm text-slate-700 tabular-nums dark:text-slate-300">
                {format.time(item.startsAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function TodaySchedule({ answer, now, onNotice }: { answer: ScheduleResponse; now: number; onNotice: Notice }) {
  const { t } = useTranslation('doctor-portal');
  const format = useClinicFormat(answer.clinicTimeZone);
  return (
    <Card title={t('schedule.title')} id="today-schedule" testId="today-schedule">
      {answer.data.length === 0 ? (
        <EmptyState>{t('schedule.empty')}</EmptyState>
      ) : (
        <ol className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {answer.data.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
              data-testid="schedule-item"
            >
              <div className="flex min-w-0 gap-3">
                <time dateTime={item.startsAt} className="w-20 shrink-0 font-medium whitespace-nowrap tabular-nums">
                  {format.time(item.startsAt)}
                </time>
                <Who item={item} />
              </div>
              <div className="flex flex-col items-start gap-2 sm:items-end">
                <div className="flex flex-wrap items-center gap-2">
                  {item.queuePosition !== null ? (
                    <span className="text-xs text-slate-700 dark:text-slate-300">
                      {t('queue.position', { position: item.queuePosition })}
                    </span>
                  ) : null}
                  {item.confirmedAt ? <AppointmentConfirmedBadge confirmedAt={item.confirmedAt} timeZone={answer.clinicTimeZone} /> : null}
                  <AppointmentStatusBadge status={item.status} />
                </div>
                <div className="flex flex-wrap items-start gap-2">
                  <JoinVideoVisit appointment={item} />
                  <VisitActions item={item} now={now} onNotice={onNotice} />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
