import { POSITION_TEMPLATES, type StaffPosition } from '../../../contracts/permissions';
import type { OrganisationIdentity } from '../../platform/organisation-identity';
import type { AdminUser, CreateUserRequest, UserListResponse } from '../../../contracts/user-admin';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { AuditLog, type AuditEventInput } from '../../platform/audit';
import { delegationRefusal, DELEGATION_MESSAGES, type Delegator } from '../../platform/delegation';
import { effectivePermissions } from '../../platform/effective-permissions';
import type { Mailer } from '../../platform/mail';
import { SessionStore } from '../../platform/session';
import { isUniqueViolation, UserAdminRepository, type AdminUserRow } from './user-admin.repository';

// Admins list accounts, create doctor and staff accounts (by invitation: the admin
// never chooses or sees a password) and deactivate or reactivate them (SECURITY.md V7: deactivation
// ends every session at once; sign-in, reset, passkeys and session checks refuse inactive users).
// A non-admin holder of users.create or users.update manages only staff accounts within their own
// permissions (platform/delegation.ts): no template beyond theirs, no doctor, no administrator.

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const SELF_DEACTIVATION_MESSAGE = 'You cannot deactivate your own account.';

/** Who is acting, with what they hold now. */
export interface UserAdminActor extends Delegator {
  userId: string;
}

export type AuditContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'>;

/** Issues the single-use set-password link (the auth module's reset mechanism), inside the caller's transaction. */
export type InvitationLinks = (db: Database, userId: string) => Promise<{ link: string; expiresAt: Date }>;

/** Gives a staff member their position's template (the permissions module), inside the caller's transaction. */
export type PositionTemplates = (db: Database, userId: string, position: StaffPosition, audit: AuditContext) => Promise<void>;

export interface UserAdminDeps {
  db: Database;
  audit: AuditLog;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  /** Name and support address as the admin last saved them (or the configuration's). */
  organisation: () => Promise<OrganisationIdentity>;
  invitationLink: InvitationLinks;
  assignPositionTemplate?: PositionTemplates;
  now?: () => Date;
}

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    name: `${row.firstName} ${row.lastName}`,
    role: row.role,
    position: row.position,
    specialty: row.specialty,
    isActive: row.isActive,
    hasPassword: row.hasPassword,
    isFirstTimeLogin: row.isFirstTimeLogin,
    createdAt: row.createdAt.toISOString(),
  };
}

const blankToNull = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

export class UserAdminService {
  private readonly repository: UserAdminRepository;
  private readonly now: () => Date;

  constructor(private readonly deps: UserAdminDeps) {
    this.repository = new UserAdminRepository(deps.db);
    this.now = deps.now ?? (() => new Date());
  }

  async list(query: Parameters<UserAdminRepository['list']>[0], audit: AuditContext): Promise<UserListResponse> {
    const { rows, total } = await this.repository.list(query);
    // Who looked at the account list, and with which filters (no search text: it may be a name).
    await this.deps.audit.record({
      ...audit,
      action: 'users.list',
      outcome: 'success',
      resourceType: 'user',
      details: {
        role: query.role ?? null,
        status: query.status ?? null,
        searched: Boolean(query.search),
        page: query.page,
        count: rows.length,
      },
    });
    return { data: rows.map(toAdminUser), page: Number(query.page), pageSize: Number(query.pageSize), total };
  }

  /**
   * Creates the account, its doctor profile or staff template, the invitation link and the audit
   * event in one transaction, then queues the invitation mail. Doctors start with
   * isFirstTimeLogin; choosing a password through the invitation clears it, as any reset does.
   */
  async create(
    actor: UserAdminActor,
    input: CreateUserRequest,
    audit: AuditContext,
  ): Promise<{ user: AdminUser; invitationExpiresAt: string }> {
    const refusal = delegationRefusal(
      actor,
      { role: input.role, permissions: [] },
      input.role === 'staff' ? POSITION_TEMPLATES[input.position] : [],
    );
    if (refusal) {
      await this.deps.audit.record({
        ...audit,
        action: 'users.create',
        outcome: 'denied',
        resourceType: 'user',
        details: { reason: refusal, role: input.role, position: input.role === 'staff' ? input.position : null },
      });
      throw new AppError('FORBIDDEN', DELEGATION_MESSAGES[refusal]);
    }
    let created: { user: AdminUserRow; link: string; expiresAt: Date };
    try {
      created = await this.repository.transaction(async (repository, tx) => {
        const userId = await repository.insertUser({
          email: input.email,
          role: input.role,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: blankToNull(input.phone),
          position: input.role === 'staff' ? input.position : null,
          passwordHash: null,
          isFirstTimeLogin: input.role === 'doctor',
        });
        if (input.role === 'doctor') {
          await repository.insertDoctorProfile({
            userId,
            specialty: input.specialty,
            hospital: input.hospital,
            department: blankToNull(input.department),
            experienceYears: input.experienceYears,
            consultationFee: blankToNull(input.consultationFee),
          });
        } else {
          await this.deps.assignPositionTemplate?.(tx, userId, input.position, audit);
        }
        const { link, expiresAt } = await this.deps.invitationLink(tx, userId);
        // Audited inside the transaction: an account exists only if its creation is on record.
        await new AuditLog(tx).record({
          ...audit,
          action: 'users.create',
          outcome: 'success',
          resourceType: 'user',
          resourceId: userId,
          details: { role: input.role, position: input.role === 'staff' ? input.position : null },
        });
        const user = await repository.findById(userId);
        return { user: user!, link, expiresAt };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.deps.audit.record({
        ...audit,
        action: 'users.create',
        outcome: 'failure',
        resourceType: 'user',
        details: { reason: 'email-taken', role: input.role },
      });
      throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    }
    await this.sendInvitation(created.user, created.link);
    return { user: toAdminUser(created.user), invitationExpiresAt: created.expiresAt.toISOString() };
  }

  private async sendInvitation(user: AdminUserRow, link: string): Promise<void> {
    const { name: organisationName, supportEmail } = await this.deps.organisation();
    await this.deps.mailer.send({
      to: user.email,
      kind: 'invitation',
      subject: `You are invited to ${organisationName}`,
      text: [
        `Dear ${user.firstName},`,
        '',
        `an administrator has created a ${user.role} account for you at ${organisationName}.`,
        'Open this link within 72 hours to choose your password. It works once:',
        '',
        link,
        '',
        `Afterwards you sign in with ${user.email} and that password. If the link has expired, use "Forgot password" on the sign-in page, or contact ${supportEmail}.`,
        '',
        organisationName,
      ].join('\n'),
    });
  }

  /**
   * Deactivating ends every live session of the user in the same transaction, so their next
   * request is refused; reactivating lets them sign in again (their sessions stay ended).
   */
  async setStatus(actor: UserAdminActor, userId: string, active: boolean, audit: AuditContext): Promise<AdminUser> {
    if (!active && userId === actor.userId) {
      await this.deps.audit.record({
        ...audit,
        action: 'users.deactivate',
        outcome: 'denied',
        resourceType: 'user',
        resourceId: userId,
        details: { reason: 'self' },
      });
      throw new AppError('CONFLICT', SELF_DEACTIVATION_MESSAGE);
    }
    // Deactivating takes away everything the account holds, reactivating gives it back.
    const target = await this.repository.findById(userId);
    if (!target) throw AppError.notFound();
    const refusal =
      actor.role === 'admin'
        ? undefined
        : delegationRefusal(actor, { role: target.role, permissions: await effectivePermissions(this.deps.db, userId, target.role) });
    if (refusal) {
      await this.deps.audit.record({
        ...audit,
        action: active ? 'users.reactivate' : 'users.deactivate',
        outcome: 'denied',
        resourceType: 'user',
        resourceId: userId,
        details: { reason: refusal },
      });
      throw new AppError('FORBIDDEN', DELEGATION_MESSAGES[refusal]);
    }
    const now = this.now();
    const sessionsEnded = await this.repository.transaction(async (repository, tx) => {
      if (!(await repository.setActive(userId, active, now))) throw AppError.notFound();
      if (active) return 0;
      return (await new SessionStore(tx, () => now).revokeAllForUser(userId, 'account deactivated')).length;
    });
    await this.deps.audit.record({
      ...audit,
      action: active ? 'users.reactivate' : 'users.deactivate',
      outcome: 'success',
      resourceType: 'user',
      resourceId: userId,
      details: active ? null : { sessionsEnded },
    });
    const user = await this.repository.findById(userId);
    return toAdminUser(user!);
  }
}
