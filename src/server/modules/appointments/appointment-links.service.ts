import {
  APPOINTMENT_LINK_TOKEN,
  type AppointmentLink,
  type AppointmentLinkAction,
  type UsedAppointmentLink,
} from '../../../contracts/appointment-links';
import { BOOKING_MESSAGES, CHANGEABLE_STATUSES } from '../../../contracts/booking';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import { hashToken } from '../../platform/tokens';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { AppointmentLinksRepository, type LinkRow } from './appointment-links.repository';
import type { BookingService } from './booking.service';
import { BookingRepository } from './booking.repository';

// The public side of a reminder's links. Whoever holds a link acts, for that one appointment and
// that one action, as the patient it was sent to: once the token is found the request continues
// as that patient (their scope, and their name on the audit event), so a cancellation through a
// link runs the same rules, notices and waitlist hand-over as one made in the portal. Opening a
// link changes nothing; pressing its button (a POST) acts once.

export class AppointmentLinksService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly booking: BookingService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** What the link's page shows: its action, the appointment's time, kind and doctor. */
  async open(ctx: AccessContext, token: string): Promise<AppointmentLink> {
    const link = await this.find(ctx, token, 'appointment.link-open');
    return this.uow.read(ctx, async (work) => {
      const links = work.use(AppointmentLinksRepository);
      const refusal = links.refusal(link, this.clock(), 'appointment.link-open');
      if (refusal) throw refusal;
      const row = await work.use(BookingRepository).own(link.appointmentId, 'appointment.link-open');
      links.opened(link);
      return {
        action: link.action,
        startsAt: row.startsAt.toISOString(),
        durationMinutes: row.durationMinutes,
        type: row.type,
        doctor: { firstName: row.doctorFirstName, lastName: row.doctorLastName },
      };
    });
  }

  /** The button of the link's page: confirms, cancels, or opens a reschedule; once. */
  async use(ctx: AccessContext, token: string, pressed: AppointmentLinkAction): Promise<UsedAppointmentLink> {
    const link = await this.find(ctx, token, 'appointment.link-use');
    return this.uow.write(ctx, async (work) => {
      const now = this.clock();
      const links = work.use(AppointmentLinksRepository);
      const refusal = links.refusal(link, now, 'appointment.link-use');
      if (refusal) throw refusal;
      if (link.action !== pressed) {
        links.wrongAction(link, pressed);
        throw AppError.notFound('This link is not available.');
      }
      if (!(await links.use(link, now))) throw new AppError('LINK_USED', 'This link has already been used.');
      const row =
        link.action === 'cancel'
          ? await this.booking.cancelIn(work, link.appointmentId, false)
          : link.action === 'reschedule'
            ? await this.booking.changeableIn(work, link.appointmentId, 'appointment.reschedule')
            : await this.confirm(work, link);
      if (link.action === 'reschedule') links.used(link);
      return {
        action: link.action,
        appointmentId: row.id,
        startsAt: row.startsAt.toISOString(),
        doctor: { firstName: row.doctorFirstName, lastName: row.doctorLastName },
      };
    });
  }

  /**
   * The link's row, found by its token's hash; from here on the request acts as the link's patient,
   * who holds no permissions in it beyond their own records.
   */
  private async find(ctx: AccessContext, token: string, action: 'appointment.link-open' | 'appointment.link-use'): Promise<LinkRow> {
    const hash = APPOINTMENT_LINK_TOKEN.test(token) ? hashToken(token) : null;
    const link = await this.uow.read(ctx, (work) => work.use(AppointmentLinksRepository).byHash(hash, action));
    ctx.signedIn({ userId: link.patientId, role: 'patient', sessionId: null });
    return link;
  }

  /**
   * A confirmation holds for an appointment still booked (inside the change cut-off too: coming is
   * always welcome), and is recorded on it in this write.
   */
  private async confirm(work: Work, link: LinkRow) {
    const row = await work.use(BookingRepository).own(link.appointmentId, 'appointment.confirm');
    if (!(CHANGEABLE_STATUSES as readonly string[]).includes(row.status)) {
      throw new AppError('APPOINTMENT_NOT_CHANGEABLE', BOOKING_MESSAGES.notChangeable);
    }
    return this.booking.confirmIn(work, row, { linkAction: link.action, linkId: link.id });
  }
}
