import { and, eq, isNull } from 'drizzle-orm';
import type { AppointmentLinkAction } from '../../../contracts/appointment-links';
import { appointmentActionLinks, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { Repository } from '../../platform/unit-of-work';

// The one-click links of reminders. A link is found by the hash of its token, never by the token;
// an unknown one (or one whose patient's account is closed) answers 404 like any missing thing. A
// used or expired one answers its own code so the page can say which, and nothing changes. Using a
// link marks it used in the write of its action: a refused action leaves it usable.

export interface LinkRow {
  id: string;
  appointmentId: string;
  patientId: string;
  action: AppointmentLinkAction;
  expiresAt: Date;
  usedAt: Date | null;
}

export class AppointmentLinksRepository extends Repository {
  /** The link a token hash names, whatever its state; 404 (noted, naming nobody) when there is none. */
  async byHash(tokenHash: string | null, action: 'appointment.link-open' | 'appointment.link-use'): Promise<LinkRow> {
    const [row] = tokenHash
      ? await this.db
          .select({
            id: appointmentActionLinks.id,
            appointmentId: appointmentActionLinks.appointmentId,
            patientId: appointmentActionLinks.patientId,
            action: appointmentActionLinks.action,
            expiresAt: appointmentActionLinks.expiresAt,
            usedAt: appointmentActionLinks.usedAt,
          })
          .from(appointmentActionLinks)
          .innerJoin(users, and(eq(users.id, appointmentActionLinks.patientId), eq(users.isActive, true)))
          .where(eq(appointmentActionLinks.tokenHash, tokenHash))
          .limit(1)
      : [];
    if (!row) {
      this.audit.note({ action, outcome: 'failure', resourceType: 'appointment_link', resourceId: null, details: { reason: 'unknown' } });
      throw AppError.notFound('This link is not available.');
    }
    return row;
  }

  /** The refusal of a link that was used or has expired, noted under its patient; null when it is usable at `now`. */
  refusal(link: LinkRow, now: Date, action: 'appointment.link-open' | 'appointment.link-use'): AppError | null {
    const reason = link.usedAt ? 'used' : link.expiresAt.getTime() <= now.getTime() ? 'expired' : null;
    if (!reason) return null;
    this.audit.note({
      action,
      outcome: 'failure',
      resourceType: 'appointment_link',
      resourceId: link.id,
      patients: [link.patientId],
      details: { reason, linkAction: link.action },
    });
    return reason === 'used'
      ? new AppError('LINK_USED', 'This link has already been used.')
      : new AppError('LINK_EXPIRED', 'This link has expired.');
  }

  /**
   * Marks the link used, if it still is usable: two presses at once (or a press on each of two
   * devices) find one row to change, and the second is told the link was used.
   */
  async use(link: LinkRow, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(appointmentActionLinks)
      .set({ usedAt: now })
      .where(and(eq(appointmentActionLinks.id, link.id), isNull(appointmentActionLinks.usedAt)))
      .returning({ id: appointmentActionLinks.id });
    return rows.length > 0;
  }

  /** A link of another action than the one pressed: refused like a missing one, noted under its patient. */
  wrongAction(link: LinkRow, pressed: AppointmentLinkAction): void {
    this.audit.note({
      action: 'appointment.link-use',
      outcome: 'failure',
      resourceType: 'appointment_link',
      resourceId: link.id,
      patients: [link.patientId],
      details: { reason: 'wrong_action', linkAction: link.action, pressed },
    });
  }

  /** An opening of a link's page (it shows the appointment's time and doctor), noted under the patient. */
  opened(link: LinkRow): void {
    this.audit.read('appointment.link-open', 'appointment', link.appointmentId, [link.patientId], { linkAction: link.action });
  }

  /** A reschedule begun through a link, noted under the patient (a cancellation and a confirmation note themselves). */
  used(link: LinkRow): void {
    this.audit.note({
      action: 'appointment.link-use',
      resourceType: 'appointment',
      resourceId: link.appointmentId,
      patients: [link.patientId],
      details: { linkAction: link.action, linkId: link.id },
    });
  }
}
