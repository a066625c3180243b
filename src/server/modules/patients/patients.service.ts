import type { z } from 'zod';
import type { registrationPayloadSchema, registrationResponseSchema } from '../../../contracts/registration';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { MailMessage } from '../../platform/mail';
import type { OrganisationIdentity } from '../../platform/organisation-identity';
import { hashPassword } from '../../platform/passwords';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { isEmailTaken, PatientsRepository } from './patients.repository';

export type RegistrationInput = z.output<typeof registrationPayloadSchema>;
export type RegistrationResult = z.infer<typeof registrationResponseSchema>;

export interface PatientsServiceOptions {
  /** Name and support address as the admin last saved them (or the configuration's). */
  organisation: () => Promise<OrganisationIdentity>;
  publicUrl: string;
}

/** The client shows the translated text for EMAIL_TAKEN; this English text is for other callers. */
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const REGISTRATION_SUCCESS_MESSAGE = 'Registration successful. You can now sign in.';

export class PatientsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: PatientsServiceOptions,
  ) {}

  /**
   * POST /api/patients/register. Everything about the account comes from the server, not the body
   * (no mass assignment): the role is patient, the medical record number is the database
   * sequence's, the age is not stored (it is derived from the date of birth). The user, their
   * profile, the audit event and the welcome mail are written in one transaction, so a failure at
   * any point leaves no half-created account and sends nothing.
   */
  async register(ctx: AccessContext, input: RegistrationInput): Promise<RegistrationResult> {
    // Hashing is slow on purpose; do it before the transaction so no lock waits on it.
    const passwordHash = await hashPassword(input.password);
    const organisation = await this.options.organisation();
    let created: Awaited<ReturnType<PatientsRepository['register']>>;
    try {
      created = await this.uow.write(ctx, (work) =>
        work.use(PatientsRepository).register(
          {
            email: input.email,
            passwordHash,
            role: 'patient',
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone,
            dateOfBirth: input.dateOfBirth,
            gender: input.gender,
            address: input.address,
            preferredLanguage: input.preferredLanguage,
            passwordChangedAt: new Date(),
          },
          {
            bloodType: input.bloodType,
            maritalStatus: input.maritalStatus ?? null,
            occupation: emptyToNull(input.occupation),
            insuranceProvider: emptyToNull(input.insuranceProvider),
            insurancePolicyNumber: emptyToNull(input.insurancePolicyNumber),
            reportedAllergies: input.allergies,
            reportedMedications: input.medications,
            reportedConditions: input.medicalHistory,
          },
          (user) => this.welcome(user, organisation),
        ),
      );
    } catch (error) {
      // Also reached when two registrations of one email race: the second insert hits the index.
      if (!isEmailTaken(error)) throw error;
      // The refused attempt is on record, without the address it tried.
      ctx.audit.note({ action: 'patient.register', outcome: 'failure', resourceType: 'user', details: { reason: 'email-taken' } });
      throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    }
    return {
      success: true,
      patient: {
        id: created.id,
        email: created.email,
        firstName: created.firstName,
        lastName: created.lastName,
        medicalRecordNumber: created.medicalRecordNumber,
      },
      message: REGISTRATION_SUCCESS_MESSAGE,
    };
  }

  /** Names the person by first name only (no PHI: no record number, no health data). */
  private welcome(user: { email: string; firstName: string }, organisation: OrganisationIdentity): MailMessage {
    const { name: organisationName, supportEmail } = organisation;
    return {
      to: user.email,
      kind: 'welcome',
      subject: `Welcome to ${organisationName}`,
      text: [
        `Dear ${user.firstName},`,
        '',
        `your patient account at ${organisationName} has been created. You can now sign in at ${this.options.publicUrl.replace(/\/$/, '')}/login with the email address and password you chose.`,
        '',
        `If you did not create this account, please contact us at ${supportEmail}.`,
        '',
        organisationName,
      ].join('\n'),
    };
  }
}

function emptyToNull(value: string | undefined): string | null {
  return value ? value : null;
}
