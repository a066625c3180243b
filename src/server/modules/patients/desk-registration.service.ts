import type { z } from 'zod';
import {
  DESK_REGISTRATION_MESSAGES,
  type deskRegistrationSchema,
  type DeskRegistrationResponse,
  type DuplicateCheckResponse,
  type duplicateCheckSchema,
} from '../../../contracts/desk-registration';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { MailMessage } from '../../platform/mail';
import type { OrganisationIdentity } from '../../platform/organisation-identity';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { DeskRegistrationRepository } from './desk-registration.repository';
import { isEmailTaken } from './patients.repository';

// The front desk registers a walk-in patient: the same details the patient's own registration
// takes, without a password. The patient chooses one through the invitation mailed to them, the
// same single-use set-password link new staff and doctors get. Possible duplicates are asked for
// first; creating while some exist needs the desk's confirmation, checked again here, since the
// form's check may be stale. An address that already has an account is refused outright.

export type DuplicateCheckInput = z.output<typeof duplicateCheckSchema>;
export type DeskRegistrationInput = z.output<typeof deskRegistrationSchema>;

/** Issues the single-use set-password link inside the unit of work (the auth module's). */
export type InvitationLinks = (work: Work, userId: string) => Promise<{ link: string; expiresAt: Date }>;

export interface DeskRegistrationOptions {
  /** Name and support address as the admin last saved them (or the configuration's). */
  organisation: () => Promise<OrganisationIdentity>;
  invitationLink: InvitationLinks;
  now?: () => Date;
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

const HOUR = 3_600_000;

function emailTaken(): AppError {
  return new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
}

const blankToNull = (value: string | undefined): string | null => (value ? value : null);

export class DeskRegistrationService {
  private readonly now: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: DeskRegistrationOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  duplicates(ctx: AccessContext, input: DuplicateCheckInput): Promise<DuplicateCheckResponse> {
    return this.uow.read(ctx, async (work) => ({ data: await work.use(DeskRegistrationRepository).duplicates(input) }));
  }

  /** The patient, their profile, the audit event and the invitation mail, in one transaction. */
  async register(ctx: AccessContext, input: DeskRegistrationInput): Promise<DeskRegistrationResponse['data']> {
    // Read before the transaction takes its connection.
    const organisation = await this.options.organisation();
    try {
      return await this.uow.write(ctx, async (work) => {
        const desk = work.use(DeskRegistrationRepository);
        if (await desk.emailTaken(input.email)) {
          desk.refused('email-taken');
          throw emailTaken();
        }
        const possible = await desk.duplicateCount(input);
        if (possible > 0 && !input.confirmNotDuplicate) {
          desk.refused('possible-duplicate');
          throw new AppError('POSSIBLE_DUPLICATE', DESK_REGISTRATION_MESSAGES.possibleDuplicate);
        }
        const created = await desk.create(
          {
            email: input.email,
            passwordHash: null,
            role: 'patient',
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone,
            dateOfBirth: input.dateOfBirth,
            gender: input.gender,
            address: input.address,
            country: input.addressParts?.country ?? null,
            preferredLanguage: input.preferredLanguage,
          },
          {
            bloodType: input.bloodType,
            maritalStatus: input.maritalStatus ?? null,
            occupation: blankToNull(input.occupation),
            insuranceProvider: blankToNull(input.insuranceProvider),
            insurancePolicyNumber: blankToNull(input.insurancePolicyNumber),
            reportedAllergies: input.allergies,
            reportedMedications: input.medications,
            reportedConditions: input.medicalHistory,
          },
          { possibleDuplicates: possible },
        );
        const { link, expiresAt } = await this.options.invitationLink(work, created.id);
        desk.invite(invitation(created, link, Math.round((expiresAt.getTime() - this.now().getTime()) / HOUR), organisation));
        return { ...created, invitationExpiresAt: expiresAt.toISOString() };
      });
    } catch (error) {
      // Two registrations of one address racing: the second insert hits the unique index.
      if (isEmailTaken(error)) throw emailTaken();
      throw error;
    }
  }
}

/** Names the patient by first name only: no record number, nothing about their health. */
function invitation(
  patient: { email: string; firstName: string },
  link: string,
  hours: number,
  organisation: OrganisationIdentity,
): MailMessage {
  const { name: organisationName, supportEmail } = organisation;
  return {
    to: patient.email,
    kind: 'invitation',
    subject: `Your patient account at ${organisationName}`,
    text: [
      `Dear ${patient.firstName},`,
      '',
      `our front desk has registered you as a patient at ${organisationName}.`,
      `Open this link within ${hours} hours to choose your password. It works once:`,
      '',
      link,
      '',
      `Afterwards you sign in with ${patient.email} and that password. If the link has expired, use "Forgot password" on the sign-in page, or contact ${supportEmail}.`,
      '',
      organisationName,
    ].join('\n'),
  };
}
