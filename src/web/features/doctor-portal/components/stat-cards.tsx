import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ClipboardList, FlaskConical, Pill, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardStats } from '../../../../contracts/doctor-portal';
import { pathForView, type ViewName } from '../../../../contracts/views';
import { QueryError } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { dashboardStatsQuery } from '../api/doctor-portal';
import { useClinicFormat } from '../lib/use-clinic-format';

type Count = Exclude<keyof DashboardStats, 'date' | 'clinicTimeZone'>;

/** Each count and where it leads: the day's lists on this page, or the view that works through them. */
const CARDS: readonly { key: Count; icon: LucideIcon; anchor?: string; view?: ViewName }[] = [
  { key: 'todaysVisits', icon: CalendarDays, anchor: '#today-schedule' },
  { key: 'waitingNow', icon: Users, anchor: '#waiting-room' },
  { key: 'pendingRefills', icon: Pill, view: 'medications' },
  { key: 'openTasks', icon: ClipboardList, view: 'tasks' },
  { key: 'abnormalLabs', icon: FlaskConical, view: 'lab-results' },
];

const CARD =
  'flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500';

export function StatCards() {
  const { t } = useTranslation('doctor-portal');
  const query = useQuery(dashboardStatsQuery());
  const format = useClinicFormat(query.data?.clinicTimeZone ?? 'UTC');
  if (query.isError) return <QueryError message={errorText(t, query.error, t('stats.loadFailed'))} onRetry={() => void query.refetch()} />;
  return (
    <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-5" aria-busy={query.isPending} data-testid="doctor-stats">
      {CARDS.map(({ key, icon: Icon, anchor, view }) => {
        const value = query.data ? (
          format.number(query.data[key])
        ) : (
          <>
            <span aria-hidden="true">–</span>
            <span className="sr-only">{t('common:loading')}</span>
          </>
        );
        const content = (
          <>
            <Icon className="size-6 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden="true" />
            <span className="flex min-w-0 flex-col">
              <span className="text-2xl font-semibold tabular-nums" data-testid={`stat-${key}`}>
                {value}
              </span>
              <span className="text-sm break-words text-slate-700 dark:text-slate-300">{t(`stats.${key}`)}</span>
            </span>
          </>
        );
        return (
          <li key={key}>
            {anchor ? (
              <a href={anchor} className={CARD}>
                {content}
              </a>
            ) : (
              <Link to={pathForView(view!)} className={CARD}>
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
