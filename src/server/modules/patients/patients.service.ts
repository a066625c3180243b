import type { z } from 'zod';
import type { registrationPayloadSchema, registrationResponseSchema } from '../../../contracts/registration';
import type { AccessContext } from '../../platform/access-context';
import { englishValidationMessage } from '../../../contracts/validation-messages';
import { AppError } from '../../platform/app-error';
import { newPasswordRefusal } from '../../platform/password-guessability';
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
  /** The password minimum in force (system settings); the contract's own minimum without it. */
  passwordMinLength?: () => Promise<number>;
}

/** One answer for every registration: the mailbox of the address learns what happened, nobody else. */
export const REGISTRATION_RECEIVED_MESSAGE = 'Thank you. We have sent a message to your email address: please check your mail.';

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
   *
   * An address that already has an account gets the same answer, and its holder a mail saying so
   * (with the ways back in), never a second account: the answer must not tell who is registered.
   */
  async register(ctx: AccessContext, input: RegistrationInput): Promise<RegistrationResult> {
    const min = (await this.options.passwordMinLength?.()) ?? 0;
    if (input.password.length < min) {
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', {
        password: englishValidationMessage('password.tooShortMin', { min }),
      });
    }
    // The short list is checked with the payload; the long one (100,000 passwords) and the guess
    // estimate only here.
    const organisation = await this.options.organisation();
    const refusal = newPasswordRefusal(input.password, input, organisation.name);
    if (refusal) {
      // A code of its own: the web may not have the check loaded, so it names it rather than "some fields".
      throw new AppError('PASSWORD_TOO_COMMON', 'This password is too easy to guess.', { password: englishValidationMessage(refusal) });
    }
    // Hashing is slow on purpose; do it before the transaction so no lock waits on it.
    const passwordHash = await hashPassword(input.password);
    try {
      await this.uow.write(ctx, async (work) => {
        const patients = work.use(PatientsRepository);
        if (await patients.tellHolderOf(input.email, (holder) => this.registrationAttempt(holder, organisation))) return;
        await patients.register(
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
        );
      });
    } catch (error) {
      // Two registrations of one address racing: the second insert hits the unique index. The
      // first one's mail is on its way; this one is answered like any other.
      if (!isEmailTaken(error)) throw error;
    }
    return { success: true, message: REGISTRATION_RECEIVED_MESSAGE };
  }

  /** Someone registered with an address that has an account: its holder hears of it, with the ways back in. */
  private registrationAttempt(holder: { email: string }, organisation: OrganisationIdentity): MailMessage {
    const { name: organisationName, supportEmail } = organisation;
    const base = this.options.publicUrl.replace(/\/$/, '');
    return {
      to: holder.email,
      kind: 'registration-attempt',
      subject: `Your ${organisationName} account`,
      text: [
        'Hello,',
        '',
        `someone just tried to register a new patient account at ${organisationName} with this email address, which already has an account. No second account was created and nothing about yours changed.`,
        '',
        `If it was you: sign in at ${base}/login, or choose a new password there with "Forgot password".`,
        `If it was not you, you can ignore this message, or tell us at ${supportEmail}.`,
        '',
        organisationName,
      ].join('\n'),
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
