import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { AuditActionCode } from '../../../contracts/audit';
import { POSITION_TEMPLATES, type Permission, type StaffPosition } from '../../../contracts/permission-catalogue';
import type { AccessChangeEvent } from '../../../contracts/live-events';
import type { Role } from '../../../contracts/roles';
import { doctorProfiles, permissions, sessions, userPermissions, users } from '../../db/schema';
import type { ErrorCode } from '../../../contracts/errors';
import { AppError } from '../../platform/app-error';
import { delegationRefusal, DELEGATION_CODES, DELEGATION_MESSAGES } from '../../platform/delegation';
import { effectivePermissions } from '../../platform/effective-permissions';
import { Repository } from '../../platform/unit-of-work';

// Grants of staff permissions, positions and roles. A revoke keeps the row (is_active false): the
// permission record carries isActive, and a later grant of the same permission reactivates it.
//
// Whose access the caller reaches: they read their own permissions, and an administrator or a
// holder of users.permissions reads anyone's; anyone else's id answers 404 like a missing one.
// They never change their own, and a non-administrator changes only what platform/delegation.ts
// allows. Every change and every refusal is noted on the request's one audit event, and each
// change tells the user it concerns once it has committed (a live event through the outbox).

export interface GrantRow {
  id: string;
  permission: string;
  category: string;
  isActive: boolean;
  expiresAt: Date | null;
  grantedAt: Date;
}

export interface AccountRow {
  id: string;
  role: Role;
  updatedAt: Date;
}

export const SELF_CHANGE_MESSAGE = 'You cannot change your own permissions or role.';

export class PermissionsRepository extends Repository {
  private get actor() {
    return this.work.ctx.user;
  }

  catalogue() {
    return this.db
      .select({
        id: permissions.id,
        permission: permissions.permission,
        category: permissions.category,
        description: permissions.description,
      })
      .from(permissions)
      .orderBy(asc(permissions.category), asc(permissions.permission));
  }

  /**
   * A user's account, grants and effective permissions, for the caller's own id, an administrator
   * or a holder of users.permissions; 404 (noted, naming nobody) for anyone else and for nobody.
   */
  async readable(userId: string) {
    const mayRead = userId === this.actor.userId || (await this.work.ctx.can('users.permissions'));
    const account = mayRead ? await this.account(userId) : undefined;
    if (!account) {
      this.audit.missed('permission.read', 'user', null);
      throw AppError.notFound();
    }
    return this.accessOf(account);
  }

  /**
   * The account and its access after a change in this work. Only for an account the caller has
   * just changed (obtained through `changeable`).
   */
  async changed(userId: string) {
    const account = await this.account(userId);
    if (!account) throw AppError.notFound();
    return this.accessOf(account);
  }

  /**
   * The account whose permissions or role the caller changes: never their own (403, noted as
   * denied), and one that exists (404).
   */
  async changeable(userId: string, action: AuditActionCode): Promise<AccountRow> {
    if (userId === this.actor.userId) this.refuse(action, userId, 'self-change', 'OWN_ACCESS_CHANGE', SELF_CHANGE_MESSAGE);
    const account = await this.account(userId);
    if (!account) {
      this.audit.missed(action, 'user', null);
      throw AppError.notFound();
    }
    return account;
  }

  /**
   * The change leaves the account holding `granted` on top of what it holds now (re-templating or
   * revoking takes some of that away): a non-administrator may make it only on a staff account
   * all of whose permissions, before and after, are their own. Refusals are noted as denied.
   */
  async assertMayChange(account: AccountRow, granted: readonly Permission[], action: AuditActionCode): Promise<void> {
    if (this.actor.role === 'admin') return;
    const refusal = delegationRefusal(
      { role: this.actor.role, held: await this.work.ctx.permissions() },
      { role: account.role, permissions: await effectivePermissions(this.db, account.id, account.role) },
      granted,
    );
    if (refusal) this.refuse(action, account.id, refusal, DELEGATION_CODES[refusal], DELEGATION_MESSAGES[refusal]);
  }

  /** Only administrators manage administrators: a refusal, noted as denied. */
  assertNotAdminFor(account: AccountRow, action: AuditActionCode): void {
    if (this.actor.role !== 'admin' && account.role === 'admin') {
      this.refuse(action, account.id, 'admin-only', DELEGATION_CODES['admin-only'], DELEGATION_MESSAGES['admin-only']);
    }
  }

  /** Grants (or reactivates) the permission, with its expiry. Answers the live event told to the user. */
  async grant(userId: string, permission: Permission, expiresAt: Date | null, timestamp: string): Promise<AccessChangeEvent> {
    await this.grantAll(userId, [permission], expiresAt);
    this.noteChange('permission.grant', userId, { permission, expiresAt: expiresAt?.toISOString() ?? null });
    return this.tell(userId, {
      type: 'permission_update',
      action: 'granted',
      userId,
      permission,
      message: `Permission ${permission} granted`,
      timestamp,
    });
  }

  /** Deactivates the grant; 404 when the user held no active grant of it. Answers the live event told to the user. */
  async revoke(userId: string, permission: Permission, timestamp: string): Promise<AccessChangeEvent> {
    const rows = await this.db
      .update(userPermissions)
      .set({ isActive: false })
      .where(
        and(
          eq(userPermissions.userId, userId),
          eq(userPermissions.isActive, true),
          inArray(
            userPermissions.permissionId,
            this.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.permission, permission)),
          ),
        ),
      )
      .returning({ id: userPermissions.id });
    if (rows.length === 0) {
      this.audit.missed('permission.revoke', 'permission', null, { userId, permission });
      throw AppError.notFound();
    }
    this.noteChange('permission.revoke', userId, { permission });
    return this.tell(userId, {
      type: 'permission_update',
      action: 'revoked',
      userId,
      permission,
      message: `Permission ${permission} revoked`,
      timestamp,
    });
  }

  /**
   * Gives a staff member a position and exactly its template's permissions (grants outside the
   * template are deactivated). Also used when an account is created with a position.
   */
  async applyTemplate(userId: string, position: StaffPosition): Promise<void> {
    const template = POSITION_TEMPLATES[position];
    await this.db
      .update(users)
      .set({ position, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await this.revokeAllExcept(userId, template);
    await this.grantAll(userId, template, null);
    this.noteChange('permission.position_assign', userId, { position, permissions: template });
  }

  /** `applyTemplate` on an existing account, told to its user. Answers the live event told. */
  async assignPosition(userId: string, position: StaffPosition, timestamp: string): Promise<AccessChangeEvent> {
    await this.applyTemplate(userId, position);
    return this.tell(userId, {
      type: 'user_permissions_changed',
      action: 'bulk_assigned',
      userId,
      message: `Position ${position} assigned`,
      timestamp,
    });
  }

  async hasDoctorProfile(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ userId: doctorProfiles.userId }).from(doctorProfiles).where(eq(doctorProfiles.userId, userId));
    return row !== undefined;
  }

  /**
   * Changes the role. Grants belong to a staff member's work: they do not wait dormant for a later
   * return to staff. The user's sessions end with the change, so they sign in again under the new role.
   */
  async changeRole(account: AccountRow, role: Role, timestamp: string): Promise<AccessChangeEvent> {
    const userId = account.id;
    await this.db
      .update(users)
      .set({ role, ...(role === 'staff' ? {} : { position: null }), updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    if (role !== 'staff') await this.revokeAllExcept(userId, []);
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'role-changed' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    this.noteChange('user.role_change', userId, { from: account.role, to: role });
    return this.tell(userId, { type: 'role_changed', action: 'changed', userId, role, message: `Role changed to ${role}`, timestamp });
  }

  private async account(userId: string): Promise<AccountRow | undefined> {
    const [row] = await this.db
      .select({ id: users.id, role: users.role, updatedAt: users.updatedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  private async accessOf(account: AccountRow) {
    const [grants, effective] = await Promise.all([this.grantsOf(account.id), effectivePermissions(this.db, account.id, account.role)]);
    return { account, grants, effective };
  }

  /** Every grant the user ever had (active or not), newest state of each. */
  private grantsOf(userId: string): Promise<GrantRow[]> {
    return this.db
      .select({
        id: permissions.id,
        permission: permissions.permission,
        category: permissions.category,
        isActive: userPermissions.isActive,
        expiresAt: userPermissions.expiresAt,
        grantedAt: userPermissions.grantedAt,
      })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, userId))
      .orderBy(asc(permissions.category), asc(permissions.permission));
  }

  /** Grants (or reactivates) each permission, with one expiry for all. */
  private async grantAll(userId: string, granted: readonly Permission[], expiresAt: Date | null): Promise<void> {
    if (granted.length === 0) return;
    const grantedBy = this.actor.userId;
    const ids = await this.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.permission, [...granted]));
    await this.db
      .insert(userPermissions)
      .values(ids.map(({ id }) => ({ userId, permissionId: id, grantedBy, expiresAt, isActive: true })))
      .onConflictDoUpdate({
        target: [userPermissions.userId, userPermissions.permissionId],
        set: { isActive: true, expiresAt, grantedBy, grantedAt: sql`now()` },
      });
  }

  /** Deactivates every active grant except `keep`. */
  private async revokeAllExcept(userId: string, keep: readonly Permission[]): Promise<void> {
    const kept = this.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.permission, keep.length > 0 ? [...keep] : ['']));
    await this.db
      .update(userPermissions)
      .set({ isActive: false })
      .where(and(eq(userPermissions.userId, userId), eq(userPermissions.isActive, true), notInArray(userPermissions.permissionId, kept)));
  }

  private noteChange(action: AuditActionCode, userId: string, details: Record<string, unknown>): void {
    this.audit.note({ action, resourceType: 'user', resourceId: userId, details });
  }

  /** Notes the refusal as denied and answers with the refusal's own code (each a 403). */
  private refuse(action: AuditActionCode, userId: string, reason: string, code: ErrorCode, message: string): never {
    this.audit.note({ action, outcome: 'denied', resourceType: 'user', resourceId: userId, details: { reason } });
    throw new AppError(code, message);
  }

  /** A live event to the user whose access changed, sent once the change has committed. */
  private tell<E extends AccessChangeEvent>(userId: string, event: E): E {
    this.effects.push({ recipients: [userId], event });
    return event;
  }
}
