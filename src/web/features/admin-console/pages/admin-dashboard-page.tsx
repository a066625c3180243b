import { useQuery } from '@tanstack/react-query';
import {
  Activity,
  BarChart3,
  CalendarCheck2,
  CalendarDays,
  ClipboardList,
  KeyRound,
  ShieldAlert,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APPOINTMENT_STATUSES } from '../../../../contracts/appointments';
import { RECENT_DAYS, type DashboardStats, type StatusCounts } from '../../../../contracts/admin-console';
import { ADMIN_CONSOLE_PATHS } from '../../../../contracts/admin-console-paths';
import { ROLES } from '../../../../contracts/roles';
import { pathForView } from '../../../../contracts/views';
import { QueryError } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session/use-session';
import { dashboardStatsQuery } from '../api/admin-console';
import { AdminTools } from '../components/admin-tools';

const CARD =
  'flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500';

const total = (counts: StatusCounts) => Object.values(counts).reduce((sum, n) => sum + n, 0);

/** A figure and where its detail is. */
function FigureCard({
  to,
  icon: Icon,
  label,
  value,
  testId,
  children,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className={CARD} data-testid={testId}>
        <span className="flex items-center gap-3">
          <Icon className="size-6 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden="true" />
          <span className="flex min-w-0 flex-col">
            <span className="text-2xl font-semibold tabular-nums" data-testid={`${testId}-value`}>
              {value}
            </span>
            <span className="text-sm break-words text-slate-700 dark:text-slate-300">{label}</span>
          </span>
        </span>
        {children}
      </Link>
    </li>
  );
}

function StatusBreakdown({ counts }: { counts: StatusCounts }) {
  const { t, i18n } = useTranslation('admin-console');
  const number = new Intl.NumberFormat(i18n.language);
  const shown = APPOINTMENT_STATUSES.filter((status) => counts[status] > 0);
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
      {shown.map((status) => (
        <li key={status}>
          {t(`statuses.${status}`)}: <span className="font-semibold tabular-nums">{number.format(counts[status])}</span>
        </li>
      ))}
    </ul>
  );
}

function Figures({ stats }: { stats: DashboardStats }) {
  const { t, i18n } = useTranslation('admin-console');
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const users = ROLES.reduce((sum, role) => sum + stats.usersByRole[role], 0);
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="admin-stats">
      <FigureCard to={ADMIN_CONSOLE_PATHS.roles} icon={Users} label={t('home.users')} value={number.format(users)} testId="stat-users">
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
          {ROLES.map((role) => (
            <li key={role}>
              {t(`shell:roles.${role}`)}: <span className="font-semibold tabular-nums">{number.format(stats.usersByRole[role])}</span>
            </li>
          ))}
        </ul>
      </FigureCard>
      <FigureCard
        to={ADMIN_CONSOLE_PATHS.sessions}
        icon={Activity}
        label={t('home.activeSessions')}
        value={number.format(stats.activeSessions)}
        testId="stat-sessions"
      />
      <FigureCard
        to={ADMIN_CONSOLE_PATHS.analytics}
        icon={CalendarCheck2}
        label={t('home.appointmentsToday')}
        value={number.format(total(stats.appointmentsToday))}
        testId="stat-today"
      >
        <StatusBreakdown counts={stats.appointmentsToday} />
      </FigureCard>
      <FigureCard
        to={ADMIN_CONSOLE_PATHS.analytics}
        icon={CalendarDays}
        label={t('home.appointmentsThisWeek')}
        value={number.format(total(stats.appointmentsThisWeek))}
        testId="stat-week"
      >
        <StatusBreakdown counts={stats.appointmentsThisWeek} />
      </FigureCard>
      <FigureCard
        to={ADMIN_CONSOLE_PATHS.analytics}
        icon={BarChart3}
        label={t('home.noShowRate', { days: RECENT_DAYS })}
        value={stats.noShow.rate === null ? t('home.noVisitsDue') : percent.format(stats.noShow.rate)}
        testId="stat-no-show"
      >
        <span className="text-xs text-slate-700 dark:text-slate-300">
          {t('home.noShowOf', { noShows: number.format(stats.noShow.noShows), due: number.format(stats.noShow.due) })}
        </span>
      </FigureCard>
      <FigureCard
        to={ADMIN_CONSOLE_PATHS.analytics}
        icon={UserPlus}
        label={t('home.newRegistrations', { days: RECENT_DAYS })}
        value={number.format(stats.newRegistrations)}
        testId="stat-registrations"
      />
      <FigureCard
        to={pathForView('tasks')}
        icon={ClipboardList}
        label={t('home.openTasks')}
        value={number.format(stats.openTasks)}
        testId="stat-tasks"
      />
      <FigureCard
        to={ADMIN_CONSOLE_PATHS.security}
        icon={stats.securityAlerts > 0 ? ShieldAlert : KeyRound}
        label={t('home.securityAlerts')}
        value={number.format(stats.securityAlerts)}
        testId="stat-alerts"
      />
    </ul>
  );
}

/** The administrator's home: the clinic's figures at a glance, each leading to its detail, and the admin tools. */
export function AdminDashboardPage() {
  const { t, i18n } = useTranslation(['admin-console', 'shell']);
  const { user } = useSession();
  const query = useQuery(dashboardStatsQuery());
  const day = query.data
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${query.data.today}T00:00:00Z`))
    : null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight" data-testid="portal-welcome">
          {t('shell:portal.welcome', { firstName: user?.firstName ?? '' })}
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {day ? t('home.subtitle', { day, zone: query.data!.clinicTimeZone }) : t('home.subtitleLoading')}
        </p>
      </header>
      <section aria-labelledby="admin-figures" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="admin-figures" className="text-lg font-semibold">
            {t('home.figures')}
          </h2>
          <Link
            to={`${pathForView('docs/analytics')}#dashboard`}
            className="text-sm text-brand-800 underline dark:text-brand-100"
            data-testid="figures-help"
          >
            {t('home.howComputed')}
          </Link>
        </div>
        {query.isError ? (
          <QueryError message={errorText(t, query.error, t('home.loadFailed'))} onRetry={() => void query.refetch()} />
        ) : query.data ? (
          <Figures stats={query.data} />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-busy="true">
            {t('common:loading')}
          </p>
        )}
      </section>
      <AdminTools />
    </div>
  );
}
