import type { OrganisationIdentity } from '../../platform/organisation-identity';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { registrationPayloadSchema, registrationResponseSchema } from '../../../contracts/registration';
import { englishValidationMessage } from '../../../contracts/validation-messages';
import { AppError } from '../../platform/app-error';
import { isWellKnownPassword } from '../../platform/common-passwords';
import { hashPassword } from '../../platform/passwords';
import { AuditLog, type AuditEventInput } from '../../platform/audit';
import type { Mailer } from '../../platform/mail';
import { isEmailTaken, type PatientsRepository } from './patients.repository';

export type RegistrationInput = z.output<typeof registrationPayloadSchema>;
export type RegistrationResult = z.infer<typeof registrationResponseSchema>;
/** Who asked and from where (requestAuditContext): the registrant has no session yet. */
export type RequestContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'>;

export interface PatientsServiceDeps {
  audit: AuditLog;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Name and support address as the admin last saved them (or the configuration's). */
  organisation: () => Promise<OrganisationIdentity>;
  publicUrl: string;
}

/** One answer for every registration: the mailbox of the address learns what happened, nobody else. */
export const REGISTRATION_RECEIVED_MESSAGE = 'Thank you. We have sent a message to your email address: please check your mail.';

export class PatientsService {
  constructor(
    private readonly repository: PatientsRepository,
    private readonly deps: PatientsServiceDeps,
  ) {}

  /**
   * Spec §7 POST /api/patients/register. Everything about the account comes from the server, not
   * the body (SECURITY.md: no mass assignment): the role is patient, the medical record number is
   * the database sequence's (the client's "MRN + time" can collide), the age is not stored (it is
   * derived from the date of birth). The user, their profile and the audit event are written in
   * one transaction, so a failure at any point leaves no half-created account.
   *
   * An address that already has an account gets the same answer, and its holder a mail saying so
   * (with the ways back in), never a second account: the answer must not tell who is registered.
   */
  async register(input: RegistrationInput, context: RequestContext): Promise<RegistrationResult> {
    // The short list is checked with the payload; the long one (100,000 passwords) only here.
    if (isWellKnownPassword(input.password)) {
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', { password: englishValidationMessage('password.common') });
    }
    // Hashing is slow on purpose; do it before the transaction so no lock waits on it.
    const passwordHash = await hashPassword(input.password);

    let created: { id: string; email: string; firstName: string; lastName: string; medicalRecordNumber: string } | null;
    try {
      created = await this.repository.transaction(async (repo, tx) => {
        const user = await repo.insertUser({
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
        });
        const profile = await repo.insertProfile({
          userId: user.id,
          bloodType: input.bloodType,
          maritalStatus: input.maritalStatus ?? null,
          occupation: emptyToNull(input.occupation),
          insuranceProvider: emptyToNull(input.insuranceProvider),
          insurancePolicyNumber: emptyToNull(input.insurancePolicyNumber),
          reportedAllergies: input.allergies,
          reportedMedications: input.medications,
          reportedConditions: input.medicalHistory,
        });
        // Audited inside the transaction: an account exists only if its creation is on record.
        await new AuditLog(tx).record({
          ...context,
          action: 'patient.register',
          outcome: 'success',
          resourceType: 'user',
          resourceId: user.id,
          patientId: user.id,
        });
        return { ...user, medicalRecordNumber: profile.medicalRecordNumber };
      });
    } catch (error) {
      // Also reached when two registrations of one email race: the second insert hits the index.
      if (!isEmailTaken(error)) throw error;
      await this.deps.audit.record({
        ...context,
        action: 'patient.register',
        outcome: 'failure',
        resourceType: 'user',
        details: { reason: 'email-taken' },
      });
      created = null;
    }

    if (created) await this.sendWelcome(created);
    else await this.tellHolder(input.email);
    return { success: true, message: REGISTRATION_RECEIVED_MESSAGE };
  }

  /** Someone registered with an address that has an account: its holder hears of it, with the ways back in. */
  private async tellHolder(email: string): Promise<void> {
    const holder = await this.repository.holderOf(email);
    if (!holder) return;
    const base = this.deps.publicUrl.replace(/\/$/, '');
    try {
      const { name: organisationName, supportEmail } = await this.deps.organisation();
      await this.deps.mailer.send({
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
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      this.deps.log.error(
        { userId: holder.id, code: typeof code === 'string' ? code : undefined },
        'registration notice could not be queued',
      );
    }
  }

  /**
   * The account exists whether or not the mail can be queued, so a failure here is logged, not
   * answered: the registrant would otherwise retry and be told the email is taken. The message
   * names the person by first name only (no PHI: no record number, no health data).
   */
  private async sendWelcome(user: { id: string; email: string; firstName: string }): Promise<void> {
    const { publicUrl } = this.deps;
    try {
      const { name: organisationName, supportEmail } = await this.deps.organisation();
      await this.deps.mailer.send({
        to: user.email,
        kind: 'welcome',
        subject: `Welcome to ${organisationName}`,
        text: [
          `Dear ${user.firstName},`,
          '',
          `your patient account at ${organisationName} has been created. You can now sign in at ${publicUrl.replace(/\/$/, '')}/login with the email address and password you chose.`,
          '',
          `If you did not create this account, please contact us at ${supportEmail}.`,
          '',
          organisationName,
        ].join('\n'),
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      this.deps.log.error({ userId: user.id, code: typeof code === 'string' ? code : undefined }, 'welcome mail could not be queued');
    }
  }
}

function emptyToNull(value: string | undefined): string | null {
  return value ? value : null;
}
