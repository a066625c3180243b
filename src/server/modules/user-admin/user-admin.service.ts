import { POSITION_TEMPLATES } from '../../../contracts/permissions';
import type { AdminUser, CreateUserRequest, UserListQuery, UserListResponse } from '../../../contracts/user-admin';
import type { ValidationMessageKey } from '../../../contracts/validation-messages';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { MailMessage } from '../../platform/mail';
import type { OrganisationIdentity } from '../../platform/organisation-identity';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { PermissionsService } from '../permissions/permissions.service';
import { isUniqueViolation, UserAdminRepository, type AdminUserRow } from './user-admin.repository';

// Admins list accounts, create doctor and staff accounts (by invitation: the admin never chooses
// or sees a password) and deactivate or reactivate them (deactivation ends every session at once;
// sign-in, reset, passkeys and session checks refuse inactive users). A non-admin holder of
// users.create or users.update manages only staff accounts within their own permissions
// (platform/delegation.ts): no template beyond theirs, no doctor, no administrator.

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

/** Issues the single-use set-password link (the auth module's reset mechanism) inside the unit of work. */
export type InvitationLinks = (work: Work, userId: string) => Promise<{ link: string; expiresAt: Date }>;

export interface UserAdminServiceOptions {
  /** Name and support address as the admin last saved them (or the configuration's). */
  organisation: () => Promise<OrganisationIdentity>;
  invitationLink: InvitationLinks;
  /** Once a deactivation has committed: the user's open sockets close now, not at the next sweep. */
  onDeactivated?: (userId: string) => unknown;
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

type ListQuery = Required<Pick<UserListQuery, 'sort' | 'direction' | 'page' | 'pageSize'>> & UserListQuery;

const blankToNull = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

/** A field the schema cannot judge alone (it depends on the organisation's clinics); the key is translated. */
function invalidField(field: string, key: ValidationMessageKey): AppError {
  return new AppError('VALIDATION_FAILED', 'Some fields are not valid.', { [field]: key });
}

function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
}

export class UserAdminService {
  private readonly now: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly permissions: PermissionsService,
    private readonly options: UserAdminServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  list(ctx: AccessContext, query: ListQuery): Promise<UserListResponse> {
    return this.uow.read(ctx, async (work) => {
      const { rows, total } = await work.use(UserAdminRepository).list(query);
      return { data: rows.map(toAdminUser), page: Number(query.page), pageSize: Number(query.pageSize), total };
    });
  }

  /**
   * Creates the account, its doctor profile or staff template, the invitation link, the audit
   * event and the invitation mail in one transaction: the mail leaves only once the account
   * exists. Doctors start with isFirstTimeLogin; choosing a password through the invitation clears
   * it, as any reset does.
   */
  async create(ctx: AccessContext, input: CreateUserRequest): Promise<{ user: AdminUser; invitationExpiresAt: string }> {
    const position = input.role === 'staff' ? input.position : null;
    // Read before the transaction takes its connection.
    const organisation = await this.options.organisation();
    try {
      return await this.uow.write(ctx, async (work) => {
        const accounts = work.use(UserAdminRepository);
        await accounts.assertMayCreate(input.role, position, input.role === 'staff' ? POSITION_TEMPLATES[input.position] : []);
        if (await accounts.emailTaken(input.email, input.role)) throw emailTaken();
        const place = input.role === 'doctor' ? await this.placeOfWork(accounts, input) : null;
        const userId = await accounts.create(
          {
            email: input.email,
            role: input.role,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: blankToNull(input.phone),
            position,
            passwordHash: null,
            isFirstTimeLogin: input.role === 'doctor',
          },
          input.role === 'doctor'
            ? {
                specialty: input.specialty,
                ...place!,
                department: blankToNull(input.department),
                experienceYears: input.experienceYears,
                consultationFee: blankToNull(input.consultationFee),
              }
            : null,
        );
        // New staff start with their position's template.
        if (input.role === 'staff') await this.permissions.applyTemplateIn(work, userId, input.position);
        const { link, expiresAt } = await this.options.invitationLink(work, userId);
        const user = (await accounts.findById(userId))!;
        accounts.invite(invitation(user, link, organisation));
        return { user: toAdminUser(user), invitationExpiresAt: expiresAt.toISOString() };
      });
    } catch (error) {
      // Two creations of one address racing: the second insert hits the unique index.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  /**
   * A doctor works at one of the organisation's clinics once it has any: the clinic must be chosen
   * and must be one of them. The profile's hospital then holds the clinic's name, which the
   * directory shows only while the doctor has no clinic (the clinic was removed): with one, the
   * directory reads the clinic's current name. Without clinics, the hospital typed stands alone.
   */
  private async placeOfWork(
    accounts: UserAdminRepository,
    input: Extract<CreateUserRequest, { role: 'doctor' }>,
  ): Promise<{ clinicId: string | null; hospital: string }> {
    const { anyClinic, clinic } = await accounts.clinicChoice(input.clinicId || undefined);
    if (clinic) return { clinicId: clinic.id, hospital: clinic.name };
    if (input.clinicId) throw invalidField('clinicId', 'clinic.unknown');
    if (anyClinic) throw invalidField('clinicId', 'clinic.required');
    if (!input.hospital) throw invalidField('hospital', 'hospital.required');
    return { clinicId: null, hospital: input.hospital };
  }

  /**
   * Deactivating ends every live session of the user in the same transaction, so their next
   * request is refused; reactivating lets them sign in again (their sessions stay ended).
   */
  setStatus(ctx: AccessContext, userId: string, active: boolean): Promise<AdminUser> {
    return this.uow.write(ctx, async (work) => {
      const row = await work.use(UserAdminRepository).setActive(userId, active, this.now(), () => this.options.onDeactivated?.(userId));
      return toAdminUser(row);
    });
  }
}

function invitation(user: AdminUserRow, link: string, organisation: OrganisationIdentity): MailMessage {
  const { name: organisationName, supportEmail } = organisation;
  return {
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
  };
}
