import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointments';
import { PERMISSION_CHANGE_ACTIONS } from './audit-actions';
import { ERROR_HANDLING } from './constants';
import { defineRoute, idParamsSchema } from './http';
import { pageQueryFields, pagedResponseSchema } from './paging';
import { PERMISSIONS, STAFF_POSITIONS, type Permission } from './permission-catalogue';
import { ROLES } from './roles';

// The admin console: the home's figures (GET /api/admin/dashboard-stats), the security picture
// (failed sign-ins, locked accounts, second-factor adoption, new administrators, permission
// changes, the audit chain), the live sessions an administrator may end, and the roles view.
// Every figure is counted by the database from what is stored; nothing is estimated.

/** How far back failed sign-ins count towards an alert. */
export const SECURITY_ALERT_WINDOW_HOURS = 24;
/** Failed sign-ins within the window that make an alert: the throttle blocks an account at the same count. */
export const FAILED_SIGN_IN_ALERT_THRESHOLD = 5;
/** An alert seen more often than this is high severity, as a repeated error report is. */
export const ALERT_HIGH_SEVERITY_AFTER = ERROR_HANDLING.escalateAfterOccurrences;
/** New registrations, new administrators, permission changes and the no-show rate look back this far. */
export const RECENT_DAYS = 30;
/** At most this many permission changes are listed on the security view. */
export const PERMISSION_CHANGES_SHOWN = 50;
export const SESSIONS_PAGE_SIZE = 20;
/** Failed sign-ins push nothing, so the home and the security view ask again this often while open (the notification poll's period). */
export const ADMIN_REFRESH_MS = 30_000;

const count = z.number().int().min(0);
const statusCounts = z.object(
  Object.fromEntries(APPOINTMENT_STATUSES.map((status) => [status, count])) as Record<(typeof APPOINTMENT_STATUSES)[number], typeof count>,
);
export type StatusCounts = z.infer<typeof statusCounts>;

export const dashboardStatsSchema = z.object({
  /** The clinic's calendar day and the Monday its week starts on (YYYY-MM-DD). */
  today: z.string(),
  weekStart: z.string(),
  clinicTimeZone: z.string(),
  /** Active accounts of each role. */
  usersByRole: z.object(Object.fromEntries(ROLES.map((role) => [role, count])) as Record<(typeof ROLES)[number], typeof count>),
  /** Sessions not ended and not expired. */
  activeSessions: count,
  appointmentsToday: statusCounts,
  appointmentsThisWeek: statusCounts,
  /** Over the last RECENT_DAYS days: no-shows among visits that were due (completed or no-show); null without any. */
  noShow: z.object({ noShows: count, due: count, rate: z.number().min(0).max(1).nullable() }),
  /** Patients registered within the last RECENT_DAYS days. */
  newRegistrations: count,
  openTasks: count,
  /** The number of alerts the security view lists. */
  securityAlerts: count,
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const ALERT_KINDS = ['account-failures', 'address-failures', 'audit-chain'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_SEVERITIES = ['high', 'medium'] as const;

const accountRef = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type AccountRef = z.infer<typeof accountRef>;

export const securityAlertSchema = z.object({
  kind: z.enum(ALERT_KINDS),
  severity: z.enum(ALERT_SEVERITIES),
  /** Failed sign-ins within the window (0 for the audit chain). */
  failures: count,
  lastAt: z.iso.datetime(),
  /** The account tried, when the failures name one. */
  account: accountRef.nullable(),
  /** The address the attempts came from (address alerts). */
  address: z.string().nullable(),
});
export type SecurityAlert = z.infer<typeof securityAlertSchema>;

export const lockedAccountSchema = z.object({
  account: accountRef,
  /** Null: locked from every address (the account-wide delay); else only from this one. */
  address: z.string().nullable(),
  failures: count,
  blockedUntil: z.iso.datetime(),
});
export type LockedAccount = z.infer<typeof lockedAccountSchema>;

export const auditChainSchema = z.object({
  checkedAt: z.iso.datetime(),
  intact: z.boolean(),
  checked: count,
});

export const permissionChangeSchema = z.object({
  id: z.number().int(),
  occurredAt: z.iso.datetime(),
  action: z.enum(PERMISSION_CHANGE_ACTIONS),
  actor: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  target: accountRef.nullable(),
  /** The permission granted or revoked, the position assigned, or the role given. */
  permission: z.string().nullable(),
  position: z.string().nullable(),
  fromRole: z.string().nullable(),
  toRole: z.string().nullable(),
});
export type PermissionChange = z.infer<typeof permissionChangeSchema>;

export const securityOverviewSchema = z.object({
  windowHours: z.number().int(),
  threshold: z.number().int(),
  alerts: z.array(securityAlertSchema),
  lockedAccounts: z.array(lockedAccountSchema),
  mfaByRole: z.array(z.object({ role: z.enum(ROLES), users: count, withMfa: count })),
  /** Administrator accounts created, or promoted, within the last RECENT_DAYS days. */
  newAdmins: z.array(accountRef.extend({ since: z.iso.datetime() })),
  permissionChanges: z.array(permissionChangeSchema),
  /** The latest check of the audit chain on the audit trail; null before the first. */
  auditChain: auditChainSchema.nullable(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const unlockRequestSchema = z.object({ userId: z.uuid('choice.invalid') }).strict();
export const unlockResponseSchema = z.object({ data: z.object({ cleared: count }) });

export const sessionListQuerySchema = z
  .object({
    search: z.string().trim().max(200, 'text.tooLong').optional(),
    ...pageQueryFields(SESSIONS_PAGE_SIZE),
  })
  .strict();
export type SessionListQuery = z.input<typeof sessionListQuerySchema>;

/** The sessions view's search form; the rules are the list query's. */
export const sessionSearchFormSchema = z.object({ search: z.string().trim().max(200, 'text.tooLong') });
export type SessionSearchForm = z.infer<typeof sessionSearchFormSchema>;

export const liveSessionSchema = z.object({
  id: z.uuid(),
  user: accountRef,
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The caller's own session (ending it would sign them out here). */
  current: z.boolean(),
});
export type LiveSession = z.infer<typeof liveSessionSchema>;
export const sessionListResponseSchema = pagedResponseSchema(liveSessionSchema);
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

export const endSessionsResponseSchema = z.object({ data: z.object({ ended: count }) });

const permissionList = z.array(z.enum(PERMISSIONS as [Permission, ...Permission[]]));

export const roleOverviewSchema = z.object({
  roles: z.array(
    z.object({
      role: z.enum(ROLES),
      /** What the role holds without grants; staff hold only what they are granted (their position's template first). */
      defaultPermissions: permissionList,
      activeUsers: count,
      inactiveUsers: count,
    }),
  ),
  positions: z.array(z.object({ position: z.enum(STAFF_POSITIONS), permissions: permissionList, users: count })),
});
export type RoleOverview = z.infer<typeof roleOverviewSchema>;

export const adminConsoleApi = {
  dashboardStats: defineRoute({
    method: 'GET',
    path: '/api/admin/dashboard-stats',
    response: z.object({ data: dashboardStatsSchema }),
  }),
  security: defineRoute({
    method: 'GET',
    path: '/api/admin/security',
    response: z.object({ data: securityOverviewSchema }),
  }),
  unlock: defineRoute({
    method: 'POST',
    path: '/api/admin/security/unlock',
    body: unlockRequestSchema,
    response: unlockResponseSchema,
    errors: ['NOT_FOUND', 'ADMIN_ACCOUNT_PROTECTED'],
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/api/admin/sessions',
    query: sessionListQuerySchema,
    response: sessionListResponseSchema,
  }),
  endSessions: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:id/sessions/end',
    params: idParamsSchema,
    response: endSessionsResponseSchema,
    errors: ['NOT_FOUND', 'CONFLICT', 'ADMIN_ACCOUNT_PROTECTED'],
  }),
  roles: defineRoute({
    method: 'GET',
    path: '/api/admin/roles',
    response: z.object({ data: roleOverviewSchema }),
  }),
};
