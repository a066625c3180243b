import {
  ALERT_HIGH_SEVERITY_AFTER,
  FAILED_SIGN_IN_ALERT_THRESHOLD,
  PERMISSION_CHANGES_SHOWN,
  RECENT_DAYS,
  SECURITY_ALERT_WINDOW_HOURS,
  type AccountRef,
  type DashboardStats,
  type PermissionChange,
  type RoleOverview,
  type SecurityAlert,
  type SecurityOverview,
  type SessionListResponse,
} from '../../../contracts/admin-console';
import { ROLE_DEFAULT_PERMISSIONS } from '../../../contracts/role-permissions';
import type { AccessContext } from '../../platform/access-context';
import type { ClinicClock } from '../../platform/clinic-clock';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { AdminConsoleRepository, daysBefore, hoursBefore, type AccountRow, type PermissionChangeRow } from './admin-console.repository';

// The admin console: the home's figures, the security picture, the live sessions and the roles.
// Today and this week are the clinic's calendar's (its time zone); "now" is the injected clock.

export interface AdminConsoleOptions {
  /** The clinic's zone and opening hours, asked at call time (an admin may change them). */
  clinic: ClinicClock;
  /** Once an administrator's ending of a user's sessions has committed: their open sockets close. */
  onSessionsEnded?: (userId: string) => unknown;
  clock?: () => Date;
}

function toAccount(row: AccountRow): AccountRef {
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email, role: row.role };
}

const severityOf = (failures: number): SecurityAlert['severity'] => (failures > ALERT_HIGH_SEVERITY_AFTER ? 'high' : 'medium');

const textOr = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function toPermissionChange(row: PermissionChangeRow): PermissionChange {
  const details = row.details ?? {};
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    action: row.action as PermissionChange['action'],
    actor:
      row.actorFirstName === null && row.actorLastName === null
        ? null
        : { firstName: row.actorFirstName ?? '', lastName: row.actorLastName ?? '' },
    target: row.target ? toAccount(row.target) : null,
    permission: textOr(details.permission),
    position: textOr(details.position),
    fromRole: textOr(details.from),
    toRole: textOr(details.to),
  };
}

export class AdminConsoleService {
  private readonly clock: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: AdminConsoleOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  dashboardStats(ctx: AccessContext): Promise<DashboardStats> {
    const now = this.clock();
    const zone = this.options.clinic.timeZone();
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(AdminConsoleRepository);
      const [usersByRole, activeSessions, appointments, noShow, newRegistrations, openTasks, alerts] = await Promise.all([
        repository.activeUsersByRole(),
        repository.activeSessions(now),
        repository.appointmentsByStatus(now, zone),
        repository.noShows(now, RECENT_DAYS),
        repository.newPatients(now, RECENT_DAYS),
        repository.openTasks(),
        this.alertsIn(work, now),
      ]);
      repository.noteRead('admin.dashboard-stats', 'organisation', { day: appointments.day });
      return {
        today: appointments.day,
        weekStart: appointments.weekStart,
        clinicTimeZone: zone,
        usersByRole,
        activeSessions,
        appointmentsToday: appointments.today,
        appointmentsThisWeek: appointments.week,
        noShow: { ...noShow, rate: noShow.due === 0 ? null : noShow.noShows / noShow.due },
        newRegistrations,
        openTasks,
        securityAlerts: alerts.length,
      };
    });
  }

  security(ctx: AccessContext): Promise<SecurityOverview> {
    const now = this.clock();
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(AdminConsoleRepository);
      const recent = daysBefore(now, RECENT_DAYS);
      const [alerts, locks, mfaByRole, newAdmins, changes] = await Promise.all([
        this.alertsIn(work, now),
        repository.lockedAccounts(now),
        repository.mfaByRole(),
        repository.newAdmins(recent),
        repository.permissionChanges(recent, PERMISSION_CHANGES_SHOWN),
      ]);
      const chain = await repository.lastChainCheck();
      repository.noteRead('admin.security', 'organisation', { alerts: alerts.length, locked: locks.length });
      return {
        windowHours: SECURITY_ALERT_WINDOW_HOURS,
        threshold: FAILED_SIGN_IN_ALERT_THRESHOLD,
        alerts,
        lockedAccounts: locks.map((lock) => ({
          account: toAccount(lock.account),
          address: lock.address,
          failures: lock.failures,
          blockedUntil: lock.blockedUntil.toISOString(),
        })),
        mfaByRole,
        newAdmins: newAdmins.map((row) => ({ ...toAccount(row), since: row.since.toISOString() })),
        permissionChanges: changes.map(toPermissionChange),
        auditChain: chain ? { checkedAt: chain.checkedAt.toISOString(), intact: chain.intact, checked: chain.checked } : null,
      };
    });
  }

  unlock(ctx: AccessContext, userId: string): Promise<{ cleared: number }> {
    return this.uow.write(ctx, async (work) => ({ cleared: await work.use(AdminConsoleRepository).unlock(userId) }));
  }

  sessions(ctx: AccessContext, query: { search?: string; page: number; pageSize: number }): Promise<SessionListResponse> {
    const now = this.clock();
    const own = ctx.actor?.sessionId ?? null;
    return this.uow.read(ctx, async (work) => {
      const { rows, total } = await work.use(AdminConsoleRepository).liveSessions(now, query.search, query.page, query.pageSize);
      return {
        data: rows.map((row) => ({
          id: row.id,
          user: toAccount(row.account),
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          ip: row.ip,
          userAgent: row.userAgent,
          current: row.id === own,
        })),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    });
  }

  /** Ends every session of the user; once committed their open pages are disconnected and signed out. */
  endSessions(ctx: AccessContext, userId: string): Promise<{ ended: number }> {
    const now = this.clock();
    return this.uow.write(ctx, async (work) => ({
      ended: await work.use(AdminConsoleRepository).endSessions(userId, now, () => this.options.onSessionsEnded?.(userId)),
    }));
  }

  roles(ctx: AccessContext): Promise<RoleOverview> {
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(AdminConsoleRepository);
      const [perRole, perPosition] = await Promise.all([repository.usersPerRole(), repository.staffPerPosition()]);
      repository.noteRead('admin.roles', 'organisation');
      return {
        roles: perRole.map(({ role, active, inactive }) => ({
          role,
          defaultPermissions: role === 'staff' ? [] : [...ROLE_DEFAULT_PERMISSIONS[role]],
          activeUsers: active,
          inactiveUsers: inactive,
        })),
        positions: perPosition.map(({ position, users, template }) => ({ position, permissions: [...template], users })),
      };
    });
  }

  /**
   * The alerts of the security view: repeated failed sign-ins per account and per address within
   * the window, and an audit chain whose latest check failed. More than ALERT_HIGH_SEVERITY_AFTER
   * failures make an alert high severity.
   */
  private async alertsIn(work: Work, now: Date): Promise<SecurityAlert[]> {
    const repository = work.use(AdminConsoleRepository);
    const [failures, chain] = await Promise.all([
      repository.failedSignIns(hoursBefore(now, SECURITY_ALERT_WINDOW_HOURS), FAILED_SIGN_IN_ALERT_THRESHOLD),
      repository.lastChainCheck(),
    ]);
    const alerts: SecurityAlert[] = [
      ...failures.accounts.map((row) => ({
        kind: 'account-failures' as const,
        severity: severityOf(row.failures),
        failures: row.failures,
        lastAt: row.lastAt.toISOString(),
        account: toAccount(row.account),
        address: null,
      })),
      ...failures.addresses.map((row) => ({
        kind: 'address-failures' as const,
        severity: severityOf(row.failures),
        failures: row.failures,
        lastAt: row.lastAt.toISOString(),
        account: null,
        address: row.key,
      })),
    ];
    if (chain && !chain.intact) {
      alerts.unshift({
        kind: 'audit-chain',
        severity: 'high',
        failures: 0,
        lastAt: chain.checkedAt.toISOString(),
        account: null,
        address: null,
      });
    }
    return alerts;
  }
}
