import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineLoading, QueryError } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session/use-session';
import { todayScheduleQuery } from '../api/doctor-portal';
import { ScheduleCalendar } from '../components/schedule-calendar';
import { StatCards } from '../components/stat-cards';
import { NextPatient, TodaySchedule, WaitingRoom } from '../components/today-board';
import { useClinicFormat, useNow } from '../lib/use-clinic-format';

/**
 * The doctor's home: the day's counts, who is next, the waiting room, today's visits with the steps
 * each can take, and a day or week calendar. Every time is on the clinic's clock; appointment_update
 * pushes keep it current (api/reactions.ts).
 */
export function DoctorPortalPage() {
  const { t } = useTranslation(['doctor-portal', 'shell']);
  const { user } = useSession();
  const today = useQuery(todayScheduleQuery());
  const now = useNow();
  const [notice, setNotice] = useState<{ message: string; kind: 'success' | 'error' } | null>(null);
  const onNotice = useCallback((message: string, kind: 'success' | 'error') => setNotice({ message, kind }), []);
  const format = useClinicFormat(today.data?.clinicTimeZone ?? 'UTC');
  if (!user) return null;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight break-words" data-testid="portal-welcome">
          {t('shell:portal.welcome', { firstName: user.firstName })}
        </h1>
        {today.data ? (
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {t('today', { date: format.day(today.data.today) })}
            {' · '}
            {t('clinicZone', { zone: today.data.clinicTimeZone })}
          </p>
        ) : null}
      </header>

      <section aria-labelledby="doctor-stats-title">
        <h2 id="doctor-stats-title" className="sr-only">
          {t('stats.label')}
        </h2>
        <StatCards />
      </section>

      <div>
        <div role="status" aria-live="polite" data-testid="visit-notice">
          {notice?.kind === 'success' ? (
            <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100">
              {notice.message}
            </p>
          ) : null}
        </div>
        <div role="alert">
          {notice?.kind === 'error' ? (
            <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200">
              {notice.message}
            </p>
          ) : null}
        </div>
      </div>

      {today.isPending ? (
        <InlineLoading />
      ) : today.isError || !today.data ? (
        <QueryError message={errorText(t, today.error, t('schedule.loadFailed'))} onRetry={() => void today.refetch()} />
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <NextPatient answer={today.data} now={now} onNotice={onNotice} />
            <WaitingRoom answer={today.data} />
          </div>
          <TodaySchedule answer={today.data} now={now} onNotice={onNotice} />
          <ScheduleCalendar today={today.data.today} timeZone={today.data.clinicTimeZone} />
        </>
      )}
    </div>
  );
}
