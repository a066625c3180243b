import { sql, type SQL } from 'drizzle-orm';
import { APPOINTMENT_STATUSES } from '../../../contracts/appointments';
import type { AuditActionCode } from '../../../contracts/audit';
import { PERMISSION_CHANGE_ACTIONS } from '../../../contracts/audit-actions';
import { POSITION_TEMPLATES, STAFF_POSITIONS } from '../../../contracts/permission-catalogue';
import { ROLES, type Role } from '../../../contracts/roles';
import type { StatusCounts } from '../../../contracts/admin-console';
import { appointments, auditEvents, authThrottle, sessions, tasks, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { DELEGATION_CODES, DELEGATION_MESSAGES } from '../../platform/delegation';
import { Repository } from '../../platform/unit-of-work';

// The admin console's figures, each counted by the database over the whole organisation. They are
// counts and account facts (names, addresses, roles), never a patient's health information, so
// nothing is scoped to patients; only administrators (or holders of the matching permission) reach
// this module, and every answer is noted on the request's audit event.

/** Dates go to SQL as ISO text with an explicit cast: both drivers read it the same way. */
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);

/** A timestamp from either driver (a Date, or text from a raw query). */
const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

export interface AccountRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

export interface FailureRow {
  key: string;
  failures: number;
  lastAt: Date;
}

export interface LockRow {
  account: AccountRow;
  address: string | null;
  failures: number;
  blockedUntil: Date;
}

export interface PermissionChangeRow {
  id: number;
  occurredAt: Date;
  action: string;
  details: Record<string, unknown> | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  target: AccountRow | null;
}

export interface SessionRow {
  id: string;
  account: AccountRow;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
}

function emptyStatusCounts(): StatusCounts {
  return Object.fromEntries(APPOINTMENT_STATUSES.map((status) => [status, 0])) as StatusCounts;
}

/** LIKE wildcards in what a person typed are literal characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function accountOf(row: Record<string, unknown>, prefix = ''): AccountRow | null {
  const id = row[`${prefix}id`];
  if (typeof id !== 'string') return null;
  return {
    id,
    firstName: String(row[`${prefix}first_name`] ?? ''),
    lastName: String(row[`${prefix}last_name`] ?? ''),
    email: String(row[`${prefix}email`] ?? ''),
    role: row[`${prefix}role`] as Role,
  };
}

export class AdminConsoleRepository extends Repository {
  private async rows<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
    const result = (await this.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  /** Notes what the administrator looked at (counts and filters only). */
  noteRead(action: AuditActionCode, resourceType: string, details?: Record<string, unknown>): void {
    this.audit.note({ action, resourceType, details });
  }

  // The home's figures

  async activeUsersByRole(): Promise<Record<Role, number>> {
    const rows = await this.rows<{ role: Role; n: number }>(
      sql`select ${users.role} as role, count(*)::int as n from ${users} where ${users.isActive} group by ${users.role}`,
    );
    const counts = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<Role, number>;
    for (const row of rows) counts[row.role] = Number(row.n);
    return counts;
  }

  async activeSessions(now: Date): Promise<number> {
    const [row] = await this.rows<{ n: number }>(
      sql`select count(*)::int as n from ${sessions}
          where ${sessions.revokedAt} is null and ${sessions.idleExpiresAt} > ${ts(now)} and ${sessions.absoluteExpiresAt} > ${ts(now)}`,
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Appointments of the clinic's day and of its week (Monday to Sunday) by status, the day and
   * week being the clinic's calendar's (`timeZone`).
   */
  async appointmentsByStatus(
    now: Date,
    timeZone: string,
  ): Promise<{ today: StatusCounts; week: StatusCounts; day: string; weekStart: string }> {
    const local = sql`(${ts(now)} at time zone ${timeZone})`;
    const dayStart = sql`(date_trunc('day', ${local}) at time zone ${timeZone})`;
    const dayEnd = sql`((date_trunc('day', ${local}) + interval '1 day') at time zone ${timeZone})`;
    const weekStart = sql`(date_trunc('week', ${local}) at time zone ${timeZone})`;
    const weekEnd = sql`((date_trunc('week', ${local}) + interval '7 days') at time zone ${timeZone})`;
    const [bounds] = await this.rows<{ day: string; week_start: string }>(
      sql`select to_char(${local}, 'YYYY-MM-DD') as day, to_char(date_trunc('week', ${local}), 'YYYY-MM-DD') as week_start`,
    );
    const rows = await this.rows<{ status: keyof StatusCounts; today: number; week: number }>(sql`
      select ${appointments.status} as status,
        count(*) filter (where ${appointments.startsAt} >= ${dayStart} and ${appointments.startsAt} < ${dayEnd})::int as today,
        count(*)::int as week
      from ${appointments}
      where ${appointments.startsAt} >= ${weekStart} and ${appointments.startsAt} < ${weekEnd}
      group by ${appointments.status}`);
    const today = emptyStatusCounts();
    const week = emptyStatusCounts();
    for (const row of rows) {
      today[row.status] = Number(row.today);
      week[row.status] = Number(row.week);
    }
    return { today, week, day: bounds!.day, weekStart: bounds!.week_start };
  }

  /** No-shows among the visits that were due (completed or no-show) in the last `days` days. */
  async noShows(now: Date, days: number): Promise<{ noShows: number; due: number }> {
    const [row] = await this.rows<{ no_shows: number; due: number }>(sql`
      select count(*) filter (where ${appointments.status} = 'no-show')::int as no_shows, count(*)::int as due
      from ${appointments}
      where ${appointments.startsAt} >= ${ts(daysBefore(now, days))} and ${appointments.startsAt} < ${ts(now)}
        and ${appointments.status} in ('completed', 'no-show')`);
    return { noShows: Number(row?.no_shows ?? 0), due: Number(row?.due ?? 0) };
  }

  async newPatients(now: Date, days: number): Promise<number> {
    const [row] = await this.rows<{ n: number }>(
      sql`select count(*)::int as n from ${users} where ${users.role} = 'patient' and ${users.createdAt} >= ${ts(daysBefore(now, days))}`,
    );
    return Number(row?.n ?? 0);
  }

  async openTasks(): Promise<number> {
    const [row] = await this.rows<{ n: number }>(sql`select count(*)::int as n from ${tasks} where ${tasks.status} = 'open'`);
    return Number(row?.n ?? 0);
  }

  // Security

  /**
   * Failed sign-ins on the audit trail since `since`, by account (the user tried) and by address,
   * where at least `threshold` were refused. Blocked attempts count once per window (they are
   * noted that way), so a flood is not counted a thousand times.
   */
  async failedSignIns(
    since: Date,
    threshold: number,
  ): Promise<{ accounts: (FailureRow & { account: AccountRow })[]; addresses: FailureRow[] }> {
    const failed = sql`${auditEvents.action} = 'auth.sign-in' and ${auditEvents.outcome} = 'failure' and ${auditEvents.occurredAt} >= ${ts(since)}`;
    const [accountRows, addressRows] = await Promise.all([
      this.rows(sql`
        select f.failures, f.last_at, u.id, u.first_name, u.last_name, u.email, u.role
        from (
          select ${auditEvents.resourceId} as user_id, count(*)::int as failures, max(${auditEvents.occurredAt}) as last_at
          from ${auditEvents}
          where ${failed} and ${auditEvents.resourceType} = 'user' and ${auditEvents.resourceId} is not null
          group by ${auditEvents.resourceId}
          having count(*) >= ${threshold}
        ) f
        join ${users} u on u.id::text = f.user_id
        order by f.failures desc, f.last_at desc`),
      this.rows<{ ip: string; failures: number; last_at: unknown }>(sql`
        select ${auditEvents.ip} as ip, count(*)::int as failures, max(${auditEvents.occurredAt}) as last_at
        from ${auditEvents}
        where ${failed} and ${auditEvents.ip} is not null
        group by ${auditEvents.ip}
        having count(*) >= ${threshold}
        order by failures desc, last_at desc`),
    ]);
    return {
      accounts: accountRows.map((row) => ({
        key: String(row.id),
        failures: Number(row.failures),
        lastAt: asDate(row.last_at),
        account: accountOf(row)!,
      })),
      addresses: addressRows.map((row) => ({ key: row.ip, failures: Number(row.failures), lastAt: asDate(row.last_at) })),
    };
  }

  /**
   * Accounts the sign-in throttle holds back now: from one address (the account+address pair) or
   * from every address (the account-wide delay). Keys of addresses nobody has an account for are
   * left out: there is nobody to unlock.
   */
  async lockedAccounts(now: Date): Promise<LockRow[]> {
    const email = sql`split_part(substr(${authThrottle.key}, 6), '|ip:', 1)`;
    const rows = await this.rows(sql`
      select nullif(split_part(${authThrottle.key}, '|ip:', 2), '') as address, ${authThrottle.failures} as failures,
        ${authThrottle.blockedUntil} as blocked_until, u.id, u.first_name, u.last_name, u.email, u.role
      from ${authThrottle}
      join ${users} u on lower(u.email::text) = ${email}
      where starts_with(${authThrottle.key}, 'acct:') and ${authThrottle.blockedUntil} > ${ts(now)}
      order by ${authThrottle.blockedUntil} desc`);
    return rows.map((row) => ({
      account: accountOf(row)!,
      address: row.address === null || row.address === undefined ? null : String(row.address),
      failures: Number(row.failures),
      blockedUntil: asDate(row.blocked_until),
    }));
  }

  /**
   * Lets the account sign in again from everywhere: its throttle records (account-wide and per
   * address) are cleared. The failures stay on the audit trail. Noted with how many were cleared.
   */
  async unlock(userId: string): Promise<number> {
    const [account] = await this.rows<{ email: string; role: Role }>(
      sql`select ${users.email} as email, ${users.role} as role from ${users} where ${users.id} = ${userId}`,
    );
    if (!account) {
      this.audit.missed('security.unlock', 'user', userId);
      throw AppError.notFound();
    }
    this.refuseUnlessAdminManagesAdmin('security.unlock', userId, account.role);
    const key = `acct:${account.email.trim().toLowerCase()}`;
    const cleared = await this.rows(
      sql`delete from ${authThrottle} where ${authThrottle.key} = ${key} or starts_with(${authThrottle.key}, ${`${key}|ip:`}) returning ${authThrottle.key}`,
    );
    this.audit.note({ action: 'security.unlock', resourceType: 'user', resourceId: userId, details: { cleared: cleared.length } });
    return cleared.length;
  }

  /** Second-factor adoption among active accounts of each role. */
  async mfaByRole(): Promise<{ role: Role; users: number; withMfa: number }[]> {
    const rows = await this.rows<{ role: Role; users: number; with_mfa: number }>(sql`
      select ${users.role} as role, count(*)::int as users, count(*) filter (where ${users.mfaEnabled})::int as with_mfa
      from ${users} where ${users.isActive} group by ${users.role}`);
    return ROLES.map((role) => {
      const row = rows.find((candidate) => candidate.role === role);
      return { role, users: Number(row?.users ?? 0), withMfa: Number(row?.with_mfa ?? 0) };
    });
  }

  /** Administrators created since `since`, or made administrators since then (and still one). */
  async newAdmins(since: Date): Promise<(AccountRow & { since: Date })[]> {
    const rows = await this.rows(sql`
      select u.id, u.first_name, u.last_name, u.email, u.role, greatest(u.created_at, coalesce(p.promoted_at, u.created_at)) as since
      from ${users} u
      left join (
        select ${auditEvents.resourceId} as user_id, max(${auditEvents.occurredAt}) as promoted_at
        from ${auditEvents}
        where ${auditEvents.action} = 'user.role_change' and ${auditEvents.outcome} = 'success'
          and ${auditEvents.occurredAt} >= ${ts(since)} and ${auditEvents.details}->>'to' = 'admin'
        group by ${auditEvents.resourceId}
      ) p on p.user_id = u.id::text
      where u.role = 'admin' and (u.created_at >= ${ts(since)} or p.promoted_at is not null)
      order by since desc`);
    return rows.map((row) => ({ ...accountOf(row)!, since: asDate(row.since) }));
  }

  /** Grants, revokes, position templates and role changes on the audit trail since `since`, newest first. */
  async permissionChanges(since: Date, limit: number): Promise<PermissionChangeRow[]> {
    const rows = await this.rows(sql`
      select e.id, e.occurred_at, e.action, e.details, a.first_name as actor_first_name, a.last_name as actor_last_name,
        t.id as t_id, t.first_name as t_first_name, t.last_name as t_last_name, t.email as t_email, t.role as t_role
      from ${auditEvents} e
      left join ${users} a on a.id = e.actor_user_id
      left join ${users} t on t.id::text = e.resource_id
      where e.action in (${sql.join(
        PERMISSION_CHANGE_ACTIONS.map((action) => sql`${action}`),
        sql`, `,
      )})
        and e.outcome = 'success' and e.occurred_at >= ${ts(since)}
      order by e.id desc
      limit ${limit}`);
    return rows.map((row) => ({
      id: Number(row.id),
      occurredAt: asDate(row.occurred_at),
      action: String(row.action),
      details: row.details && typeof row.details === 'object' ? (row.details as Record<string, unknown>) : null,
      actorFirstName: (row.actor_first_name as string | null) ?? null,
      actorLastName: (row.actor_last_name as string | null) ?? null,
      target: accountOf(row, 't_'),
    }));
  }

  /** The latest check of the audit chain on the trail (the audit viewer's "verify"). */
  async lastChainCheck(): Promise<{ checkedAt: Date; intact: boolean; checked: number } | null> {
    const [row] = await this.rows(sql`
      select ${auditEvents.occurredAt} as occurred_at, ${auditEvents.details} as details from ${auditEvents}
      where ${auditEvents.action} = 'audit.verify' and ${auditEvents.outcome} = 'success'
      order by ${auditEvents.occurredAt} desc, ${auditEvents.id} desc limit 1`);
    if (!row) return null;
    const details = (row.details ?? {}) as { intact?: unknown; checked?: unknown };
    return { checkedAt: asDate(row.occurred_at), intact: details.intact === true, checked: Number(details.checked ?? 0) };
  }

  // Sessions

  /** Live sessions (not ended, not expired), most recently active first; `search` matches name or e-mail. */
  async liveSessions(
    now: Date,
    search: string | undefined,
    page: number,
    pageSize: number,
  ): Promise<{ rows: SessionRow[]; total: number }> {
    const text = search?.trim();
    const where = sql`s.revoked_at is null and s.idle_expires_at > ${ts(now)} and s.absolute_expires_at > ${ts(now)}${
      text ? sql` and ((u.first_name || ' ' || u.last_name) ilike ${likePattern(text)} or u.email::text ilike ${likePattern(text)})` : sql``
    }`;
    const [rows, [total]] = await Promise.all([
      this.rows(sql`
        select s.id as session_id, s.created_at, s.last_seen_at, s.ip, s.user_agent, u.id, u.first_name, u.last_name, u.email, u.role
        from ${sessions} s join ${users} u on u.id = s.user_id
        where ${where}
        order by s.last_seen_at desc, s.id
        limit ${pageSize} offset ${(page - 1) * pageSize}`),
      this.rows<{ n: number }>(sql`select count(*)::int as n from ${sessions} s join ${users} u on u.id = s.user_id where ${where}`),
    ]);
    this.audit.note({ action: 'sessions.list', resourceType: 'session', details: { searched: Boolean(text), page, count: rows.length } });
    return {
      rows: rows.map((row) => ({
        id: String(row.session_id),
        account: accountOf(row)!,
        createdAt: asDate(row.created_at),
        lastSeenAt: asDate(row.last_seen_at),
        ip: (row.ip as string | null) ?? null,
        userAgent: (row.user_agent as string | null) ?? null,
      })),
      total: Number(total?.n ?? 0),
    };
  }

  /**
   * Ends every live session of the user, as deactivation does, without deactivating them: their
   * next request is refused and they sign in again. `afterCommit` closes their open connections.
   */
  async endSessions(userId: string, now: Date, afterCommit: () => unknown): Promise<number> {
    if (userId === this.work.ctx.user.userId) {
      this.audit.note({ action: 'sessions.end', outcome: 'denied', resourceType: 'user', resourceId: userId, details: { reason: 'self' } });
      throw new AppError('CONFLICT', 'End your own session by signing out.');
    }
    const [account] = await this.rows<{ role: Role }>(sql`select ${users.role} as role from ${users} where ${users.id} = ${userId}`);
    if (!account) {
      this.audit.missed('sessions.end', 'user', userId);
      throw AppError.notFound();
    }
    this.refuseUnlessAdminManagesAdmin('sessions.end', userId, account.role);
    const ended = await this.rows(sql`
      update ${sessions} set revoked_at = ${ts(now)}, revoked_reason = 'ended by an administrator'
      where ${sessions.userId} = ${userId} and ${sessions.revokedAt} is null
      returning ${sessions.id}`);
    this.effects.then(afterCommit);
    this.audit.note({ action: 'sessions.end', resourceType: 'user', resourceId: userId, details: { sessionsEnded: ended.length } });
    return ended.length;
  }

  /**
   * Only administrators manage administrators: a security officer may end a colleague's sessions or
   * clear their failed sign-ins, but not sign an administrator out nor reset the brute-force count
   * on an administrator's account.
   */
  private refuseUnlessAdminManagesAdmin(action: 'security.unlock' | 'sessions.end', userId: string, role: Role): void {
    if (role !== 'admin' || this.work.ctx.user.role === 'admin') return;
    this.audit.note({ action, outcome: 'denied', resourceType: 'user', resourceId: userId, details: { reason: 'admin-only' } });
    throw new AppError(DELEGATION_CODES['admin-only'], DELEGATION_MESSAGES['admin-only']);
  }

  // Roles

  async usersPerRole(): Promise<{ role: Role; active: number; inactive: number }[]> {
    const rows = await this.rows<{ role: Role; active: number; inactive: number }>(sql`
      select ${users.role} as role, count(*) filter (where ${users.isActive})::int as active,
        count(*) filter (where not ${users.isActive})::int as inactive
      from ${users} group by ${users.role}`);
    return ROLES.map((role) => {
      const row = rows.find((candidate) => candidate.role === role);
      return { role, active: Number(row?.active ?? 0), inactive: Number(row?.inactive ?? 0) };
    });
  }

  /** Active staff accounts per position. */
  async staffPerPosition(): Promise<
    { position: (typeof STAFF_POSITIONS)[number]; users: number; template: (typeof POSITION_TEMPLATES)[keyof typeof POSITION_TEMPLATES] }[]
  > {
    const rows = await this.rows<{ position: string; n: number }>(sql`
      select ${users.position} as position, count(*)::int as n from ${users}
      where ${users.role} = 'staff' and ${users.isActive} and ${users.position} is not null group by ${users.position}`);
    return STAFF_POSITIONS.map((position) => ({
      position,
      users: Number(rows.find((row) => row.position === position)?.n ?? 0),
      template: POSITION_TEMPLATES[position],
    }));
  }
}

export { hoursBefore, daysBefore };
