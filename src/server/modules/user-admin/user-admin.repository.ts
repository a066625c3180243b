import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AuditActionCode } from '../../../contracts/audit';
import type { Permission } from '../../../contracts/permission-catalogue';
import type { Role } from '../../../contracts/roles';
import type { UserListQuery, UserSort } from '../../../contracts/user-admin';
import { clinics, doctorProfiles, sessions, users, type NewDoctorProfileRow, type NewUserRow } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import {
  delegationRefusal,
  DELEGATION_CODES,
  DELEGATION_MESSAGES,
  type DelegationRefusal,
  type ManagedAccount,
} from '../../platform/delegation';
import { effectivePermissions } from '../../platform/effective-permissions';
import type { MailMessage } from '../../platform/mail';
import { Repository } from '../../platform/unit-of-work';

// Queries and changes of the admin user screens. Only admins (or holders of users.*) reach this
// module, and they see every account; what leaves is the admin row below. Which accounts a
// non-administrator may create or change is platform/delegation.ts: a refusal is noted as denied.
// Every list, creation and (de)activation is noted on the request's one audit event.

/** The columns an admin sees of an account; the password hash only as "has one". */
const adminColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  position: users.position,
  specialty: doctorProfiles.specialty,
  isActive: users.isActive,
  hasPassword: isNotNull(users.passwordHash),
  isFirstTimeLogin: users.isFirstTimeLogin,
  createdAt: users.createdAt,
};

export type AdminUserRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: NewUserRow['role'] & string;
  position: string | null;
  specialty: string | null;
  isActive: boolean;
  hasPassword: boolean;
  isFirstTimeLogin: boolean;
  createdAt: Date;
};

/** Sort keys to columns: an allow-list, so ORDER BY never comes from the request. */
const SORT_COLUMNS: Record<UserSort, SQL[]> = {
  name: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`],
  email: [sql`${users.email}`],
  role: [sql`${users.role}`, sql`lower(${users.lastName})`],
  createdAt: [sql`${users.createdAt}`],
};

/** LIKE wildcards in what a person typed are literal characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** PostgreSQL unique_violation; the only unique column a new account can collide on is its email. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const SELF_DEACTIVATION_MESSAGE = 'You cannot deactivate your own account.';

export class UserAdminRepository extends Repository {
  private get actor() {
    return this.work.ctx.user;
  }

  /** A page of accounts; noted with the filters used (never the search text: it may be a name). */
  async list(query: Required<Pick<UserListQuery, 'sort' | 'direction' | 'page' | 'pageSize'>> & UserListQuery) {
    const search = query.search?.trim();
    const where = and(
      search
        ? or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, likePattern(search)), ilike(users.email, likePattern(search)))
        : undefined,
      query.role ? eq(users.role, query.role) : undefined,
      query.status ? eq(users.isActive, query.status === 'active') : undefined,
    );
    const order = query.direction === 'desc' ? desc : asc;
    const page = Number(query.page);
    const pageSize = Number(query.pageSize);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(adminColumns)
        .from(users)
        .leftJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
        .where(where)
        // The id last: a stable order, so paging never shows a row twice or skips one.
        .orderBy(...SORT_COLUMNS[query.sort].map((column) => order(column)), asc(users.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    this.audit.note({
      action: 'users.list',
      resourceType: 'user',
      details: { role: query.role ?? null, status: query.status ?? null, searched: Boolean(search), page, count: rows.length },
    });
    return { rows: rows as AdminUserRow[], total: total?.n ?? 0 };
  }

  /**
   * A non-administrator creates only staff accounts whose template is within what they hold
   * themselves: anything else is refused (403), noted as denied.
   */
  async assertMayCreate(role: Role, position: string | null, template: readonly Permission[]): Promise<void> {
    const refusal = await this.refusalFor({ role, permissions: [] }, template);
    if (refusal) this.refuse('users.create', null, refusal, { role, position });
  }

  /** An account with this address exists (any letter case): noted as a failed creation. */
  async emailTaken(email: string, role: Role): Promise<boolean> {
    const [holder] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!holder) return false;
    this.audit.note({ action: 'users.create', outcome: 'failure', resourceType: 'user', details: { reason: 'email-taken', role } });
    return true;
  }

  /**
   * Where a new doctor may work: whether the organisation has any clinic, and the one `clinicId`
   * names (undefined when none is asked for or it is none of them).
   */
  async clinicChoice(clinicId: string | undefined): Promise<{ anyClinic: boolean; clinic: { id: string; name: string } | undefined }> {
    const [[any], [clinic]] = await Promise.all([
      this.db.select({ id: clinics.id }).from(clinics).limit(1),
      clinicId ? this.db.select({ id: clinics.id, name: clinics.name }).from(clinics).where(eq(clinics.id, clinicId)) : Promise.resolve([]),
    ]);
    return { anyClinic: any !== undefined, clinic };
  }

  /** The account and, for a doctor, its directory profile; noted under the new account. */
  async create(user: NewUserRow, doctor: Omit<NewDoctorProfileRow, 'userId'> | null): Promise<string> {
    const [created] = await this.db.insert(users).values(user).returning({ id: users.id });
    const userId = created!.id;
    if (doctor) await this.db.insert(doctorProfiles).values({ ...doctor, userId });
    // An account exists only if its creation is on record: the note commits with it.
    this.audit.note({
      action: 'users.create',
      resourceType: 'user',
      resourceId: userId,
      details: { role: user.role, position: user.position ?? null, ...(doctor ? { clinicId: doctor.clinicId ?? null } : {}) },
    });
    return userId;
  }

  /** The invitation to an account created in this write, sent after it commits. */
  invite(message: MailMessage): void {
    this.effects.mail(message);
  }

  async findById(userId: string): Promise<AdminUserRow | null> {
    const [row] = await this.db
      .select(adminColumns)
      .from(users)
      .leftJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
      .where(eq(users.id, userId));
    return (row as AdminUserRow | undefined) ?? null;
  }

  /**
   * Deactivates or reactivates the account. Nobody deactivates themself (409); a
   * non-administrator changes only a staff account whose permissions are all their own, as
   * deactivating takes all of them away and reactivating gives them back (403). Deactivating ends
   * every live session of the user in the same transaction, so their next request is refused;
   * reactivating lets them sign in again (their sessions stay ended). `afterDeactivation` runs
   * once it has committed.
   */
  async setActive(userId: string, active: boolean, now: Date, afterDeactivation: () => unknown): Promise<AdminUserRow> {
    const action = active ? 'users.reactivate' : 'users.deactivate';
    if (!active && userId === this.actor.userId) {
      this.audit.note({ action, outcome: 'denied', resourceType: 'user', resourceId: userId, details: { reason: 'self' } });
      throw new AppError('OWN_DEACTIVATION', SELF_DEACTIVATION_MESSAGE);
    }
    const target = await this.findById(userId);
    if (!target) {
      this.audit.missed(action, 'user', null);
      throw AppError.notFound();
    }
    if (this.actor.role !== 'admin') {
      const refusal = await this.refusalFor({ role: target.role, permissions: await effectivePermissions(this.db, userId, target.role) });
      if (refusal) this.refuse(action, userId, refusal);
    }
    await this.db.update(users).set({ isActive: active, updatedAt: now }).where(eq(users.id, userId));
    let sessionsEnded = 0;
    if (!active) {
      const ended = await this.db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: 'account deactivated' })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      sessionsEnded = ended.length;
      this.effects.then(afterDeactivation);
    }
    this.audit.note({ action, resourceType: 'user', resourceId: userId, details: active ? undefined : { sessionsEnded } });
    return (await this.findById(userId))!;
  }

  /** Why the caller may not leave `account` holding what it holds plus `granted`; undefined when they may. */
  private async refusalFor(account: ManagedAccount, granted: readonly Permission[] = []): Promise<DelegationRefusal | undefined> {
    if (this.actor.role === 'admin') return undefined;
    return delegationRefusal({ role: this.actor.role, held: await this.work.ctx.permissions() }, account, granted);
  }

  /** Notes the refusal as denied and answers 403 with the refusal's own code. */
  private refuse(action: AuditActionCode, userId: string | null, reason: DelegationRefusal, details: Record<string, unknown> = {}): never {
    this.audit.note({ action, outcome: 'denied', resourceType: 'user', resourceId: userId, details: { reason, ...details } });
    throw new AppError(DELEGATION_CODES[reason], DELEGATION_MESSAGES[reason]);
  }
}
