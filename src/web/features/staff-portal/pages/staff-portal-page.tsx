import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { WAITING_ROOM_PAGE_PATH } from '../../../../contracts/waiting-room';
import { buttonClasses } from '../../../components/ui/button';
import { InlineLoading, QueryError } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { PermissionGuard } from '../../../lib/permissions/permission-guard';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { roleLabel } from '../../../lib/session/role-label';
import { useSession } from '../../../lib/session/use-session';
import { staffStatsQuery } from '../api/staff-portal';
import { BookForPatient } from '../components/book-for-patient';
import { ClinicDay } from '../components/clinic-day';
import { DeskStats } from '../components/desk-stats';
import { DeskStatus } from '../components/desk-status';
import { RequestsPanel } from '../components/requests-panel';
import { WalkInRegistration } from '../components/walk-in-registration';
import { useDeskFormat, useNow } from '../lib/use-desk-format';

/**
 * The staff home (the front desk): the clinic's day in counts, the requests waiting for approval,
 * who arrives within the hour and the whole day with each doctor's queue and the desk's steps, and
 * the desk statuses. The clinic's schedule needs appointments.view.all; without it the page says
 * so (the denial screen) and keeps the desk status. Pushes keep every part current.
 */
export function StaffPortalPage() {
  const { t } = useTranslation(['staff-portal', 'shell']);
  const { user } = useSession();
  const now = useNow();
  const access = usePermissions();
  if (!user) return null;
  // The waiting-room screen's own account holds nothing but the display: its home is the display.
  const displayOnly =
    access.status === 'ready' && access.can(['appointments.queue.display'], { strict: true }) && !access.can(['appointments.view.all']);
  if (displayOnly) return <Navigate to={WAITING_ROOM_PAGE_PATH} replace />;
  const mayRegister = access.can(['patients.create']);
  const mayShowDisplay = access.can(['appointments.view.all']);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight break-words" data-testid="portal-welcome">
          {t('shell:portal.welcome', { firstName: user.firstName })}
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('shell:portal.signedInAs', { role: roleLabel(t, user) })}</p>
        {mayShowDisplay ? (
          <Link to={WAITING_ROOM_PAGE_PATH} className={buttonClasses('secondary', 'mt-3')} data-testid="open-waiting-room">
            {t('staff-portal:waitingRoom.open')}
          </Link>
        ) : null}
      </header>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          {mayRegister ? <WalkInRegistration /> : null}
          <PermissionGuard permissions={['appointments.view.all']}>
            <ClinicSchedule now={now} />
          </PermissionGuard>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <DeskStatus />
        </div>
      </div>
    </div>
  );
}

function ClinicSchedule({ now }: { now: number }) {
  const { t } = useTranslation('staff-portal');
  const access = usePermissions();
  const stats = useQuery(staffStatsQuery());
  const zone = stats.data?.clinicTimeZone;
  const format = useDeskFormat(zone ?? 'UTC');
  return (
    <>
      <section aria-labelledby="staff-stats-title" className="flex flex-col gap-2">
        <h2 id="staff-stats-title" className="text-lg font-semibold">
          {stats.data ? t('today', { date: format.day(stats.data.date) }) : t('stats.label')}
        </h2>
        <DeskStats />
      </section>
      {stats.isPending ? (
        <InlineLoading />
      ) : !zone ? (
        <QueryError message={errorText(t, stats.error, t('stats.loadFailed'))} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          {access.can(['appointments.create']) ? (
            <div>
              <BookForPatient clinicTimeZone={zone} mayReschedule={access.can(['appointments.reschedule'])} />
            </div>
          ) : null}
          <RequestsPanel clinicTimeZone={zone} />
          <ClinicDay clinicTimeZone={zone} now={now} />
        </>
      )}
    </>
  );
}
