import {
  isPermission,
  POSITION_TEMPLATES,
  STAFF_POSITIONS,
  type Permission,
  type StaffPosition,
} from '../../../contracts/permission-catalogue';
import type { AuditActionCode } from '../../../contracts/audit';
import type { PermissionRecord, UserPermissionsResponse } from '../../../contracts/permissions';
import { ROLES, type Role } from '../../../contracts/roles';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { NotificationsService } from '../notifications/notifications.service';
import { PermissionsRepository, type AccountRow } from './permissions.repository';

// The permission API. Who may change whom is decided here and in the repository, not by the
// client: nobody changes their own permissions or role; a non-admin holder of users.permissions
// changes only staff accounts, and only within what they hold themselves (platform/delegation.ts):
// no escalation through a colleague, and no taking away what they could not give; only staff hold
// grants. Every change commits with its audit event, the live event to the user it concerns and
// the notification that stays in their list: stored in the same write, so the list a client fetches
// on hearing the live event already holds it.

export const STAFF_ONLY_MESSAGE = 'Only staff members hold individual permissions.';
export const PATIENT_ROLE_MESSAGE =
  'A patient account keeps its role, and no other account becomes a patient: a patient record belongs to the person who registered it. Create a separate account instead.';
export const DOCTOR_PROFILE_MESSAGE =
  'Only an account created as a doctor, with its doctor profile, can hold the doctor role. Invite the doctor as a new account instead.';

type UserPermissions = UserPermissionsResponse['data'];

export interface PermissionsServiceOptions {
  now?: () => Date;
}

export class PermissionsService {
  private readonly now: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationsService,
    options: PermissionsServiceOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** The stored catalogue; a row the contracts no longer know is not offered. */
  catalogue(ctx: AccessContext): Promise<{ id: string; permission: Permission; category: string; description: string }[]> {
    return this.uow.read(ctx, async (work) => {
      const rows = await work.use(PermissionsRepository).catalogue();
      return rows.flatMap((row) => (isPermission(row.permission) ? [{ ...row, permission: row.permission }] : []));
    });
  }

  /** The roles, and each staff position with its template: the product's, not a secret. */
  roles(): { roles: Role[]; positions: { position: StaffPosition; permissions: Permission[] }[] } {
    return {
      roles: [...ROLES],
      positions: STAFF_POSITIONS.map((position) => ({ position, permissions: [...POSITION_TEMPLATES[position]] })),
    };
  }

  /** Own id, an admin, or a holder of users.permissions; anyone else learns nothing (404). */
  userPermissions(ctx: AccessContext, userId: string): Promise<UserPermissions> {
    return this.uow.read(ctx, async (work) => this.toResponse(await work.use(PermissionsRepository).readable(userId)));
  }

  grant(ctx: AccessContext, userId: string, permission: Permission, expiresAt: Date | null): Promise<UserPermissions> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(PermissionsRepository);
      const account = await this.staffAccount(repository, userId, 'permission.grant');
      await repository.assertMayChange(account, [permission], 'permission.grant');
      await this.notifications.accessChangeIn(work, await repository.grant(userId, permission, expiresAt, this.timestamp()));
      return this.toResponse(await repository.changed(userId));
    });
  }

  revoke(ctx: AccessContext, userId: string, permission: Permission): Promise<UserPermissions> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(PermissionsRepository);
      const account = await this.staffAccount(repository, userId, 'permission.revoke');
      await repository.assertMayChange(account, [], 'permission.revoke');
      await this.notifications.accessChangeIn(work, await repository.revoke(userId, permission, this.timestamp()));
      return this.toResponse(await repository.changed(userId));
    });
  }

  assignPosition(ctx: AccessContext, userId: string, position: StaffPosition): Promise<UserPermissions> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(PermissionsRepository);
      const account = await this.staffAccount(repository, userId, 'permission.position_assign');
      await repository.assertMayChange(account, POSITION_TEMPLATES[position], 'permission.position_assign');
      await this.notifications.accessChangeIn(work, await repository.assignPosition(userId, position, this.timestamp()));
      return this.toResponse(await repository.changed(userId));
    });
  }

  /**
   * Gives a new staff account its position's template, inside the unit of work that creates it
   * (user administration decides who may create which account).
   */
  async applyTemplateIn(work: Work, userId: string, position: StaffPosition): Promise<void> {
    await work.use(PermissionsRepository).applyTemplate(userId, position);
  }

  /** Admin only (route). The user's sessions end: they sign in again under the new role. */
  changeRole(ctx: AccessContext, userId: string, role: Role): Promise<UserPermissions> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(PermissionsRepository);
      const account = await repository.changeable(userId, 'user.role_change');
      // A role is more than a label: patients own a record, doctors a profile the directory and the
      // booking flow read. A change may not leave either half-made.
      if (role !== account.role && (role === 'patient' || account.role === 'patient')) {
        throw new AppError('PATIENT_ROLE_FIXED', PATIENT_ROLE_MESSAGE);
      }
      if (role === 'doctor' && account.role !== 'doctor' && !(await repository.hasDoctorProfile(userId))) {
        throw new AppError('DOCTOR_PROFILE_REQUIRED', DOCTOR_PROFILE_MESSAGE);
      }
      await this.notifications.accessChangeIn(work, await repository.changeRole(account, role, this.timestamp()));
      return this.toResponse(await repository.changed(userId));
    });
  }

  /** A staff account the caller may change: not their own, existing, not an admin's unless they are one. */
  private async staffAccount(repository: PermissionsRepository, userId: string, action: AuditActionCode): Promise<AccountRow> {
    const account = await repository.changeable(userId, action);
    repository.assertNotAdminFor(account, action);
    if (account.role !== 'staff') throw new AppError('PERMISSIONS_STAFF_ONLY', STAFF_ONLY_MESSAGE);
    return account;
  }

  private timestamp(): string {
    return this.now().toISOString();
  }

  private toResponse({ account, grants, effective }: Awaited<ReturnType<PermissionsRepository['readable']>>): UserPermissions {
    const now = this.now().getTime();
    const records: PermissionRecord[] = grants.map((grant) => ({
      permission: { id: grant.id, permission: grant.permission as Permission, category: grant.category },
      isActive: grant.isActive && (grant.expiresAt === null || grant.expiresAt.getTime() > now),
      expiresAt: grant.expiresAt?.toISOString() ?? null,
    }));
    const lastUpdated = Math.max(account.updatedAt.getTime(), ...grants.map((grant) => grant.grantedAt.getTime()));
    return {
      permissions: records,
      effectivePermissions: effective,
      roles: [account.role],
      metadata: { lastUpdated: new Date(lastUpdated).toISOString() },
    };
  }
}
