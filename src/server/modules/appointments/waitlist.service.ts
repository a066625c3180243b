import type { Appointment } from '../../../contracts/appointments';
import { doctorNameParams, NOTIFICATION_LINKS } from '../../../contracts/notifications';
import { WAITLIST_MESSAGES, type JoinWaitlistRequest, type WaitlistEntry, type WaitlistResponse } from '../../../contracts/waitlist';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import { englishDoctorName } from '../../platform/english-names';
import type { ClinicClock } from '../../platform/clinic-clock';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { NotificationsService } from '../notifications/notifications.service';
import type { AppointmentListRow } from './appointments.repository';
import { dayIn, toAppointment } from './appointments.service';
import { BookingRepository } from './booking.repository';
import type { BookingService } from './booking.service';
import { wallClock } from './slots';
import { WaitlistRepository, type OpeningRow } from './waitlist.repository';

// The waitlist (contracts/waitlist.ts). A cancellation records the freed slot in its own write (an
// "opening"); once that write commits, and every minute from the job, each open opening moves on
// by one step in a write of its own: it closes when the slot is gone or has passed, waits while
// its offer is held, passes an expired offer on, and offers the slot to the next waiting patient
// (notification and mail) or closes when nobody is left. Accepting books or moves the patient's
// appointment through the booking rules, the clinic's approval of new bookings among them; the opening is taken by one update, so of two patients
// pressing at once one wins and the other hears that the time is gone.

const MINUTE = 60_000;
/** Openings moved on per run; more wait for the next. */
const BATCH = 100;
/** The reason of a booking from an entry that has none: joined from an appointment that was since removed. */
const FALLBACK_REASON = 'Earlier time from the waitlist';

export interface WaitlistOptions {
  /** The clinic's zone and opening hours, asked at call time (an admin may change them). */
  clinic: ClinicClock;
  publicUrl: string;
  offerMinutes: number;
  system: () => AccessContext;
  /** Runs a pass of the openings in the background (after the cancelling write has committed). */
  kick: (pass: () => Promise<unknown>) => void;
  clock?: () => Date;
}

type Accepted = { appointment: Appointment } | { gone: true };

export class WaitlistService {
  private readonly clock: () => Date;
  /** Passes run one after another in this process; other instances are kept apart by row locks. */
  private passes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly booking: BookingService,
    private readonly notifications: NotificationsService,
    private readonly options: WaitlistOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  list(ctx: AccessContext): Promise<WaitlistResponse> {
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(WaitlistRepository);
      const [entries, offers] = await Promise.all([repository.entries(), repository.offers(this.clock())]);
      repository.listed(entries.length, offers.length);
      return {
        entries: entries.map(toEntry),
        offers: offers.map((o) => ({
          id: o.id,
          doctorId: o.doctorId,
          doctor: { firstName: o.doctorFirstName, lastName: o.doctorLastName },
          startsAt: o.startsAt.toISOString(),
          expiresAt: o.expiresAt.toISOString(),
          status: o.status,
        })),
      };
    });
  }

  join(ctx: AccessContext, input: JoinWaitlistRequest): Promise<WaitlistEntry> {
    return this.uow.write(ctx, async (work) => {
      if (!(await work.use(BookingRepository).doctor(input.doctorId))) throw AppError.notFound();
      // A last day already behind the clinic could never be offered anything.
      if (input.latestDate && input.latestDate < dayIn(this.clock(), this.options.clinic.timeZone()).date) {
        throw new AppError('VALIDATION_FAILED', 'The latest date has passed.', { latestDate: 'date.past' });
      }
      if (input.appointmentId) {
        // Only one of the patient's own appointments with this doctor that they may still move.
        const row = await this.booking.changeableIn(work, input.appointmentId, 'waitlist.join');
        if (row.doctorId !== input.doctorId) {
          throw new AppError('VALIDATION_FAILED', 'The appointment is with another doctor.', { appointmentId: 'choice.invalid' });
        }
      }
      const entry = await work.use(WaitlistRepository).join({
        doctorId: input.doctorId,
        latestDate: input.latestDate ?? null,
        appointmentId: input.appointmentId ?? null,
        type: input.type ?? 'in-person',
        reason: input.reason ?? null,
      });
      return toEntry(entry);
    });
  }

  leave(ctx: AccessContext, id: string): Promise<void> {
    return this.uow.write(ctx, (work) => work.use(WaitlistRepository).leave(id, this.clock()));
  }

  /**
   * The patient takes the time offered. A new booking follows the clinic's approval setting as a
   * booking from the booking page does (a request holding the slot, when approval is needed); a move
   * of their own appointment keeps its status, as a reschedule does.
   */
  async accept(ctx: AccessContext, offerId: string): Promise<Appointment> {
    const approval = await this.booking.approvalNow();
    const outcome = await this.uow.write(ctx, async (work): Promise<Accepted> => {
      const now = this.clock();
      const repository = work.use(WaitlistRepository);
      const offer = await repository.ownOffer(offerId);
      // The opening first: it is the one row every accepting patient's write waits on, so two of
      // them never hold a lock the other needs (each offer row is changed only after it).
      const opening = await repository.takeOpening(offer.openingId, now);
      if (!opening) {
        await repository.markGone(offer.id, now);
        return { gone: true };
      }
      if (!(await repository.claimOffer(offer, now))) throw gone();
      if (!(await this.booking.isFreeIn(work, opening.doctorId, opening.startsAt))) throw gone();
      const entry = await repository.entry(offer.entryId);
      let row: AppointmentListRow | null;
      if (entry.appointmentId) {
        const current = await this.booking.changeableIn(work, entry.appointmentId, 'appointment.reschedule');
        row = await this.booking.moveIn(work, current, opening.startsAt);
        if (row) await this.booking.announceMoveIn(work, row);
      } else {
        row = await this.booking.bookIn(
          work,
          { doctorId: opening.doctorId, startsAt: opening.startsAt, type: entry.type, reason: entry.reason ?? FALLBACK_REASON },
          approval,
        );
      }
      if (!row) throw gone();
      await repository.booked(offer, row.id, now);
      // Anyone else still holding an offer of this time hears that it is gone.
      for (const patientId of await repository.closeOffers(opening.id, 'gone', now))
        await this.tellGone(work, patientId, row.doctorFirstName, row.doctorLastName, opening);
      return { appointment: toAppointment(row) };
    });
    if ('gone' in outcome) throw gone();
    return outcome.appointment;
  }

  /**
   * In the cancelling write: records the freed slot, and once that write commits, moves the
   * openings on (the job does it too, every minute, for anything a crash left).
   */
  async slotFreedIn(work: Work, row: AppointmentListRow): Promise<void> {
    const repository = work.use(WaitlistRepository);
    await repository.recordOpening(row.doctorId, row.startsAt, row.id);
    repository.afterCommit(() => this.options.kick(() => this.advance()));
  }

  /** One pass over the open openings (the job, and the kick after a cancellation); one write per opening. */
  advance(): Promise<{ openings: number }> {
    const pass = this.passes.then(() => this.pass());
    this.passes = pass.catch(() => undefined);
    return pass;
  }

  private async pass(): Promise<{ openings: number }> {
    const ids = await this.uow.read(this.options.system(), (work) => work.use(WaitlistRepository).openIds(BATCH));
    for (const id of ids) await this.uow.write(this.options.system(), (work) => this.step(work, id));
    return { openings: ids.length };
  }

  private async step(work: Work, openingId: string): Promise<void> {
    const now = this.clock();
    const repository = work.use(WaitlistRepository);
    const opening = await repository.lockOpening(openingId);
    if (!opening) return;
    if (opening.startsAt.getTime() <= now.getTime()) {
      await repository.closeOffers(opening.id, 'expired', now);
      await repository.closeOpening(opening.id, 'lapsed', now);
      return;
    }
    if (!(await this.booking.isFreeIn(work, opening.doctorId, opening.startsAt))) {
      // Booked in the meantime (through the booking page, say): whoever held it hears it is gone.
      const doctor = await work.use(BookingRepository).doctor(opening.doctorId);
      for (const patientId of await repository.closeOffers(opening.id, 'gone', now)) {
        await this.tellGone(work, patientId, doctor?.firstName ?? '', doctor?.lastName ?? '', opening);
      }
      await repository.closeOpening(opening.id, 'taken', now);
      return;
    }
    if (await repository.heldAt(opening.id, now)) return;
    const lapsed = await repository.closeOffers(opening.id, 'expired', now, now);
    const next = await repository.nextEntry(opening, wallClock(opening.startsAt, this.options.clinic.timeZone()).slice(0, 10));
    if (lapsed.length > 0) {
      const doctor = await work.use(BookingRepository).doctor(opening.doctorId);
      for (const patientId of lapsed) await this.tellGone(work, patientId, doctor?.firstName ?? '', doctor?.lastName ?? '', opening);
    }
    if (!next) {
      await repository.closeOpening(opening.id, 'unfilled', now);
      return;
    }
    const expiresAt = new Date(Math.min(now.getTime() + this.options.offerMinutes * MINUTE, opening.startsAt.getTime()));
    await repository.offer(opening, next, expiresAt);
    const startsAt = opening.startsAt.toISOString();
    await this.notifications.notifyIn(work, next.patientId, {
      type: 'appointment',
      title: 'An earlier time is free',
      message: `An earlier time with ${englishDoctorName(next.doctor)} is free: ${this.when(opening.startsAt)}. It is held for you until ${this.when(expiresAt)}.`,
      priority: 'high',
      actionUrl: NOTIFICATION_LINKS.patientWaitlist,
      metadata: doctorNameParams(next.doctor),
      code: 'waitlist.time_offered',
      params: { ...doctorNameParams(next.doctor), startsAt },
    });
    repository.mail({
      to: next.patientEmail,
      kind: 'waitlist-offer',
      subject: 'An earlier appointment time is free',
      text: [
        `Dear ${next.patientFirstName},`,
        '',
        `an earlier time with ${englishDoctorName(next.doctor)} has become free: ${this.when(opening.startsAt)}.`,
        `It is held for you until ${this.when(expiresAt)}; after that it is offered to the next patient waiting.`,
        '',
        `Sign in to take it: ${this.options.publicUrl.replace(/\/$/, '')}${NOTIFICATION_LINKS.patientWaitlist}`,
      ].join('\n'),
    });
  }

  private async tellGone(work: Work, patientId: string, firstName: string, lastName: string, opening: OpeningRow): Promise<void> {
    const doctor = { firstName, lastName };
    await this.notifications.notifyIn(work, patientId, {
      type: 'appointment',
      title: 'Earlier time no longer available',
      message: `The time with ${englishDoctorName(doctor)} on ${this.when(opening.startsAt)} is no longer available. You stay on the waitlist.`,
      priority: 'low',
      actionUrl: NOTIFICATION_LINKS.patientWaitlist,
      metadata: doctorNameParams(doctor),
      code: 'waitlist.time_gone',
      params: { ...doctorNameParams(doctor), startsAt: opening.startsAt.toISOString() },
    });
  }

  private when(at: Date): string {
    const zone = this.options.clinic.timeZone();
    return `${wallClock(at, zone).replace('T', ' ')} (${zone})`;
  }
}

function gone(): AppError {
  return new AppError('OFFER_GONE', WAITLIST_MESSAGES.offerGone);
}

function toEntry(row: Awaited<ReturnType<WaitlistRepository['entries']>>[number]): WaitlistEntry {
  return {
    id: row.id,
    doctorId: row.doctorId,
    doctor: { firstName: row.doctorFirstName, lastName: row.doctorLastName },
    latestDate: row.latestDate,
    appointmentId: row.appointmentId,
    createdAt: row.createdAt.toISOString(),
  };
}
