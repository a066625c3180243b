import type { AuditActionCode } from '../../../contracts/audit';
import { isPermission, POSITION_TEMPLATES, type Permission, type StaffPosition } from '../../../contracts/permission-catalogue';
import type { PermissionRecord, UserPermissionsResponse } from '../../../contracts/permissions';
import type { LiveEvent } from '../../../contracts/live-events';
import type { Role } from '../../../contracts/roles';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { AuditLog, type AuditEventInput } from '../../platform/audit';
import { delegationRefusal, DELEGATION_MESSAGES } from '../../platform/delegation';
import { effectivePermissions } from '../../platform/effective-permissions';
import type { EventBus } from '../../platform/events';
import type { SessionStore } from '../../platform/session';
import { PermissionsRepository } from './permissions.repository';

// The permission API. Who may change whom is decided here, not by the client:
// nobody changes their own permissions or role; a non-admin holder of users.permissions changes
// only staff accounts, and only within what they hold themselves (platform/delegation.ts): no
// escalation through a colleague, and no taking away what they could not give; only staff hold grants.
// Every change is audited in its transaction and, once committed, published to the user it concerns.

export type AuditContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'>;

export interface PermissionsActor {
  userId: string;
  role: Role;
  held: ReadonlySet<Permission>;
}

export const SELF_CHANGE_MESSAGE = 'You cannot change your own permissions or role.';
export const STAFF_ONLY_MESSAGE = 'Only staff members hold individual permissions.';
export const NOT_HELD_MESSAGE = DELEGATION_MESSAGES['not-held'];
export const PATIENT_ROLE_MESSAGE =
  'A patient account keeps its role, and no other account becomes a patient: a patient record belongs to the person who registered it. Create a separate account instead.';
export const DOCTOR_PROFILE_MESSAGE =
  'Only an account created as a doctor, with its doctor profile, can hold the doctor role. Invite the doctor as a new account instead.';

export interface PermissionsServiceDeps {
  db: Database;
  audit: AuditLog;
  events: EventBus;
  sessions: SessionStore;
}

/**
 * Gives a staff member a position and exactly its template's permissions (grants outside the
 * template are deactivated), inside the caller's transaction. Also used when an admin creates a
 * staff account (user-admin's PositionTemplates).
 */
export async function assignPositionTemplate(db: Database, userId: string, position: StaffPosition, context: AuditContext): Promise<void> {
  const repository = new PermissionsRepository(db);
  const template = POSITION_TEMPLATES[position];
  await repository.setPosition(userId, position);
  await repository.revokeAllExcept(userId, template);
  await repository.grant(userId, template, context.actorUserId ?? null, null);
  await recordChange(db, context, 'permission.position_assign', userId, { position, permissions: template });
}

/** A committed change to a user's access is on record in the same transaction, or does not happen. */
function recordChange(
  db: Database,
  context: AuditContext,
  action: AuditActionCode,
  userId: string,
  details: Record<string, unknown>,
): Promise<void> {
  return new AuditLog(db).record({ ...context, action, outcome: 'success', resourceType: 'user', resourceId: userId, details });
}

export class PermissionsService {
  private readonly repository: PermissionsRepository;

  constructor(private readonly deps: PermissionsServiceDeps) {
    this.repository = new PermissionsRepository(deps.db);
  }

  /** The stored catalogue; a row the contracts no longer know is not offered. */
  async catalogue(): Promise<{ id: string; permission: Permission; category: string; description: string }[]> {
    const rows = await this.repository.catalogue();
    return rows.flatMap((row) => (isPermission(row.permission) ? [{ ...row, permission: row.permission }] : []));
  }

  /** Own id, an admin, or a holder of users.permissions; anyone else learns nothing (404). */
  async userPermissions(actor: PermissionsActor, userId: string): Promise<UserPermissionsResponse['data']> {
    const mayRead = userId === actor.userId || actor.role === 'admin' || actor.held.has('users.permissions');
    const user = mayRead ? await this.repository.findUser(userId) : undefined;
    if (!user) throw AppError.notFound();
    const [grants, effective] = await Promise.all([
      this.repository.grantsOf(userId),
      effectivePermissions(this.deps.db, userId, user.role),
    ]);
    const now = Date.now();
    const records: PermissionRecord[] = grants.map((grant) => ({
      permission: { id: grant.id, permission: grant.permission as Permission, category: grant.category },
      isActive: grant.isActive && (grant.expiresAt === null || grant.expiresAt.getTime() > now),
      expiresAt: grant.expiresAt?.toISOString() ?? null,
    }));
    const lastUpdated = Math.max(user.updatedAt.getTime(), ...grants.map((grant) => grant.grantedAt.getTime()));
    return {
      permissions: records,
      effectivePermissions: effective,
      roles: [user.role],
      metadata: { lastUpdated: new Date(lastUpdated).toISOString() },
    };
  }

  async grant(actor: PermissionsActor, userId: string, permission: Permission, expiresAt: Date | null, context: AuditContext) {
    const target = await this.staffTarget(actor, userId, 'permission.grant', context);
    await this.assertMayChange(actor, target, [permission], 'permission.grant', context);
    await this.repository.transaction(async (repository, tx) => {
      await repository.grant(userId, [permission], actor.userId, expiresAt);
      await recordChange(tx, context, 'permission.grant', userId, { permission, expiresAt: expiresAt?.toISOString() ?? null });
    });
    await this.publish(userId, {
      type: 'permission_update',
      action: 'granted',
      userId,
      permission,
      message: `Permission ${permission} granted`,
      timestamp: now(),
    });
    return this.userPermissions(actor, userId);
  }

  async revoke(actor: PermissionsActor, userId: string, permission: Permission, context: AuditContext) {
    const target = await this.staffTarget(actor, userId, 'permission.revoke', context);
    await this.assertMayChange(actor, target, [], 'permission.revoke', context);
    await this.repository.transaction(async (repository, tx) => {
      if (!(await repository.revoke(userId, permission))) throw AppError.notFound();
      await recordChange(tx, context, 'permission.revoke', userId, { permission });
    });
    await this.publish(userId, {
      type: 'permission_update',
      action: 'revoked',
      userId,
      permission,
      message: `Permission ${permission} revoked`,
      timestamp: now(),
    });
    return this.userPermissions(actor, userId);
  }

  async assignPosition(actor: PermissionsActor, userId: string, position: StaffPosition, context: AuditContext) {
    const target = await this.staffTarget(actor, userId, 'permission.position_assign', context);
    await this.assertMayChange(actor, target, POSITION_TEMPLATES[position], 'permission.position_assign', context);
    await this.repository.transaction((_repository, tx) => assignPositionTemplate(tx, userId, position, context));
    await this.publish(userId, {
      type: 'user_permissions_changed',
      action: 'bulk_assigned',
      userId,
      message: `Position ${position} assigned`,
      timestamp: now(),
    });
    return this.userPermissions(actor, userId);
  }

  /** Admin only (route). The user's sessions end: they sign in again under the new role. */
  async changeRole(actor: PermissionsActor, userId: string, role: Role, context: AuditContext) {
    const target = await this.changeableTarget(actor, userId, 'user.role_change', context);
    // A role is more than a label: patients own a record, doctors a profile the directory and the
    // booking flow read. A change may not leave either half-made.
    if (role !== target.role && (role === 'patient' || target.role === 'patient')) {
      throw new AppError('CONFLICT', PATIENT_ROLE_MESSAGE);
    }
    if (role === 'doctor' && target.role !== 'doctor' && !(await this.repository.hasDoctorProfile(userId))) {
      throw new AppError('CONFLICT', DOCTOR_PROFILE_MESSAGE);
    }
    await this.repository.transaction(async (repository, tx) => {
      await repository.setRole(userId, role);
      // Grants belong to a staff member's work; they do not wait dormant for a later return to staff.
      if (role !== 'staff') await repository.revokeAllExcept(userId, []);
      await recordChange(tx, context, 'user.role_change', userId, { from: target.role, to: role });
    });
    await this.deps.sessions.revokeAllForUser(userId, 'role-changed');
    await this.publish(userId, {
      type: 'role_changed',
      action: 'changed',
      userId,
      role,
      message: `Role changed to ${role}`,
      timestamp: now(),
    });
    return this.userPermissions(actor, userId);
  }

  /** The user whose permissions or role the actor may change: not themself (403), existing (404). */
  private async changeableTarget(actor: PermissionsActor, userId: string, action: AuditActionCode, context: AuditContext) {
    if (userId === actor.userId) {
      await this.deny(action, userId, 'self-change', context);
      throw new AppError('FORBIDDEN', SELF_CHANGE_MESSAGE);
    }
    const target = await this.repository.findUser(userId);
    if (!target) throw AppError.notFound();
    return target;
  }

  private async staffTarget(actor: PermissionsActor, userId: string, action: AuditActionCode, context: AuditContext) {
    const target = await this.changeableTarget(actor, userId, action, context);
    // Only administrators manage administrators; that is a refusal, not a question of shape.
    if (actor.role !== 'admin' && target.role === 'admin') {
      await this.deny(action, userId, 'admin-only', context);
      throw new AppError('FORBIDDEN', DELEGATION_MESSAGES['admin-only']);
    }
    if (target.role !== 'staff') throw new AppError('CONFLICT', STAFF_ONLY_MESSAGE);
    return target;
  }

  /**
   * The change leaves the account holding `granted` on top of what it holds now (and re-templating
   * or revoking takes some of that away): all of it must be the actor's own.
   */
  private async assertMayChange(
    actor: PermissionsActor,
    target: { id: string; role: Role },
    granted: readonly Permission[],
    action: AuditActionCode,
    context: AuditContext,
  ) {
    if (actor.role === 'admin') return;
    const permissions = await effectivePermissions(this.deps.db, target.id, target.role);
    const refusal = delegationRefusal(actor, { role: target.role, permissions }, granted);
    if (!refusal) return;
    await this.deny(action, target.id, refusal, context);
    throw new AppError('FORBIDDEN', DELEGATION_MESSAGES[refusal]);
  }

  private deny(action: AuditActionCode, userId: string, reason: string, context: AuditContext) {
    return this.deps.audit.record({ ...context, action, outcome: 'denied', resourceType: 'user', resourceId: userId, details: { reason } });
  }

  /** After the commit: a failed delivery must not undo a change that is already on record. */
  private async publish(userId: string, event: LiveEvent): Promise<void> {
    try {
      await this.deps.events.publish({ recipients: [userId], event });
    } catch {
      // The client also refreshes its permissions on its own schedule.
    }
  }
}

const now = () => new Date().toISOString();
