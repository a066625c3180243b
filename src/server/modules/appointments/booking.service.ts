import type { AuditActionCode } from '../../../contracts/audit';
import type { Appointment, AppointmentStatus } from '../../../contracts/appointments';
import type { BookingApprovalMode } from '../../../contracts/system-settings';
import {
  BOOKING,
  BOOKING_MESSAGES,
  type CancelAppointmentRequest,
  type QueueResponse,
  type SlotQuery,
  type SlotsResponse,
} from '../../../contracts/booking';
import type { z } from 'zod';
import { doctorNameParams, NOTIFICATION_LINKS, patientNameParams } from '../../../contracts/notifications';
import type { bookAppointmentSchema, rescheduleAppointmentSchema } from '../../../contracts/booking';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import { englishDoctorName } from '../../platform/english-names';
import type { ClinicClock } from '../../platform/clinic-clock';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { NotificationsService } from '../notifications/notifications.service';
import type { AppointmentListRow } from './appointments.repository';
import { toAppointment } from './appointments.service';
import { BookingRepository, type BookingAction, type ParkingTimes } from './booking.repository';
import { calendarFile } from './calendar-ics';
import { FrontDeskRepository } from './front-desk.repository';
import { queuePlaces } from './queue';
import { freeSlots, nextDate, wallClock, zonedInstant } from './slots';

// A patient books, reschedules and cancels their own appointments (docs/product.md). A slot is
// offered only when it is free (slots.ts); whether it is still free when two people take it at
// once is decided by the database's unique index, and the loser hears SLOT_TAKEN. Each change is
// one write: the change, its audit event, the notifications to the patient and the doctor and the
// appointment_update push commit together, so a refused or failed change tells nobody. A booking
// the clinic's setting says must wait for approval is stored "requested": it holds its slot like a
// scheduled one (the same index judges a race) until the desk approves or declines it. With an
// Idempotency-Key a retry (after a timeout, say) answers the first outcome instead of a conflict
// with the patient's own booking.

type BookInput = z.output<typeof bookAppointmentSchema>;
type RescheduleInput = z.output<typeof rescheduleAppointmentSchema>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * What a change's write answers. A slot taken in the meantime commits only its audit note (nothing
 * else changed), so a retry with the same key hears the same refusal.
 */
type Outcome = { appointment: Appointment } | { taken: true };

/**
 * Who hears of a change by notification: both, only the doctor, only the patient (a request the
 * doctor has not been told of yet), or nobody (the push goes anyway).
 */
type Notify = 'both' | 'doctor' | 'patient' | false;

export interface BookingOptions {
  /** The clinic's zone and opening hours, asked at call time (an admin may change them). */
  clinic: ClinicClock;
  organisationName: string;
  clock?: () => Date;
  /** Once a booking has committed (a reminder already due goes out at once, not at the next run). */
  afterBooked?: () => void;
  /** In the cancelling write: a booked slot was freed (the waitlist hears of it). */
  onSlotFreed?: (work: Work, row: AppointmentListRow) => Promise<void>;
  /** Which of a patient's own bookings wait for approval now (the system settings; none when not given). */
  bookingApproval?: () => Promise<BookingApprovalMode>;
}

export class BookingService {
  private readonly clock: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationsService,
    private readonly options: BookingOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** Free slots of a doctor on the calendar days [from, to] of `timeZone` (the clinic's by default). */
  slots(ctx: AccessContext, doctorId: string, query: SlotQuery): Promise<SlotsResponse> {
    return this.uow.read(ctx, async (work) => {
      const booking = work.use(BookingRepository);
      const doctor = await booking.doctor(doctorId);
      if (!doctor) throw AppError.notFound();
      const zone = query.timeZone ?? this.options.clinic.timeZone();
      const notBefore = startOfDay(query.from, zone);
      const notAfter = startOfDay(nextDate(query.to), zone);
      const slots = await this.free(booking, doctorId, notBefore, notAfter);
      return {
        doctorId,
        clinicTimeZone: this.options.clinic.timeZone(),
        data: slots.map((s) => ({ startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString(), duration: BOOKING.slotMinutes })),
      };
    });
  }

  /** A patient books for themself; at the desk, staff book for a patient they reach (`onBehalfOf`), with the same rules. */
  async book(ctx: AccessContext, input: BookInput, onBehalfOf?: string): Promise<Appointment> {
    const startsAt = instantOf(input.date, input.time, input.timeZone);
    const parking = input.parking ? parkingTimes(input.parking, input.date, input.timeZone, startsAt) : undefined;
    // Staff booking at the desk are the clinic: their bookings never wait for its approval.
    const approval = onBehalfOf === undefined ? await this.approvalNow() : 'none';
    return settled(
      await this.uow.write(ctx, async (work): Promise<Outcome> => {
        const booking = work.use(BookingRepository);
        if (!(await booking.doctor(input.doctorId))) throw AppError.notFound();
        await this.assertSlot(booking, input.doctorId, startsAt, 'appointment.create');
        const status = await this.statusFor(booking, approval, input.doctorId);
        const row = await booking.book(
          {
            doctorId: input.doctorId,
            startsAt,
            durationMinutes: BOOKING.slotMinutes,
            type: input.type,
            status,
            reason: input.reason,
          },
          parking,
          onBehalfOf,
        );
        if (!row) return { taken: true };
        await this.announce(work, row, 'created', input.timeZone, notifyOf(row.status));
        if (this.options.afterBooked) booking.afterCommit(this.options.afterBooked);
        return { appointment: toAppointment(row) };
      }),
    );
  }

  /**
   * A patient moves their own appointment (not inside the cut-off); at the desk (`atDesk`), staff
   * move any appointment they reach that has not started yet: the cut-off is the patient's rule for
   * changes made without the clinic, the slot rules hold for everyone.
   */
  async reschedule(ctx: AccessContext, id: string, input: RescheduleInput, atDesk = false): Promise<Appointment> {
    const startsAt = instantOf(input.date, input.time, input.timeZone);
    return settled(
      await this.uow.write(ctx, async (work): Promise<Outcome> => {
        const booking = work.use(BookingRepository);
        const row = await booking.changeable(id, 'appointment.reschedule', atDesk ? this.clock() : this.cutOff());
        if (startsAt.getTime() === row.startsAt.getTime()) return { appointment: toAppointment(row) };
        await this.assertSlot(booking, row.doctorId, startsAt, 'appointment.reschedule', id);
        const moved = await booking.move(row, startsAt, this.clock());
        if (!moved) return { taken: true };
        await this.announce(work, moved, 'updated', input.timeZone, notifyOf(moved.status));
        return { appointment: toAppointment(moved) };
      }),
    );
  }

  /** A patient cancels their own (not inside the cut-off); at the desk, staff cancel any they reach that has not started. */
  cancel(ctx: AccessContext, id: string, input: CancelAppointmentRequest, atDesk = false): Promise<Appointment> {
    return this.uow.write(ctx, async (work) => toAppointment(await this.cancelIn(work, id, Boolean(input.reason), atDesk)));
  }

  /**
   * In the caller's write: cancels an appointment of the caller (the patient's cut-off applies
   * unless at the desk), tells of it and hands the freed slot to the waitlist.
   */
  async cancelIn(work: Work, id: string, withReason: boolean, atDesk = false): Promise<AppointmentListRow> {
    const booking = work.use(BookingRepository);
    const row = await booking.changeable(id, 'appointment.cancel', atDesk ? this.clock() : this.cutOff());
    // The reason is the patient's own words and may say anything about their health: only whether one was given is kept.
    const cancelled = await booking.cancel(row, this.clock(), withReason);
    await this.announce(work, cancelled, 'cancelled', this.options.clinic.timeZone(), notifyOf(row.status));
    if (this.options.onSlotFreed && row.startsAt.getTime() > this.clock().getTime()) await this.options.onSlotFreed(work, cancelled);
    return cancelled;
  }

  /**
   * A patient says they will come to an upcoming scheduled appointment of theirs. The first
   * confirmation is kept: confirming again changes nothing and tells nobody.
   */
  confirm(ctx: AccessContext, id: string): Promise<Appointment> {
    return this.uow.write(ctx, async (work) => {
      const booking = work.use(BookingRepository);
      const row = await booking.own(id, 'appointment.confirm');
      if (row.status !== 'scheduled' || row.startsAt.getTime() <= this.clock().getTime()) {
        booking.notConfirmable(row);
        throw new AppError('APPOINTMENT_NOT_CONFIRMABLE', BOOKING_MESSAGES.notConfirmable);
      }
      return toAppointment(await this.confirmIn(work, row, { via: 'portal' }));
    });
  }

  /**
   * In the caller's write: records the patient's confirmation of `row` (the caller has checked that
   * it may be confirmed) and pushes it to the patient, the doctor and the desk. A confirmation is
   * news to nobody's bell, only to the views that show it.
   */
  async confirmIn(work: Work, row: AppointmentListRow, details: Record<string, unknown>): Promise<AppointmentListRow> {
    const confirmed = await work.use(BookingRepository).confirm(row, this.clock(), details);
    if (!confirmed) return row;
    await this.announce(work, confirmed, 'updated', this.options.clinic.timeZone(), false);
    return confirmed;
  }

  /** In the caller's write: one of the caller's appointments the patient may still change (status and cut-off), or the refusal. */
  changeableIn(work: Work, id: string, action: AuditActionCode): Promise<AppointmentListRow> {
    return work.use(BookingRepository).changeable(id, action, this.cutOff());
  }

  /**
   * Which of a patient's own bookings wait for the clinic's approval now. Asked before the write
   * that books: the settings' read must not wait for a connection the write is holding.
   */
  async approvalNow(): Promise<BookingApprovalMode> {
    return this.options.bookingApproval ? this.options.bookingApproval() : 'none';
  }

  /**
   * In the caller's write: books `startsAt` with a doctor for the caller (a patient), with the rules
   * of every booking, the clinic's approval among them (`approval`, from approvalNow): a booking
   * that must wait for it is stored "requested", holding its slot, and goes to the desk's requests.
   * Tells of it as a booking does. Null when the slot was taken in the meantime.
   */
  async bookIn(
    work: Work,
    input: { doctorId: string; startsAt: Date; type: AppointmentListRow['type']; reason: string },
    approval: BookingApprovalMode,
  ): Promise<AppointmentListRow | null> {
    const booking = work.use(BookingRepository);
    if (!(await booking.doctor(input.doctorId))) throw AppError.notFound();
    await this.assertSlot(booking, input.doctorId, input.startsAt, 'appointment.create');
    const row = await booking.book(
      {
        doctorId: input.doctorId,
        startsAt: input.startsAt,
        durationMinutes: BOOKING.slotMinutes,
        type: input.type,
        status: await this.statusFor(booking, approval, input.doctorId),
        reason: input.reason,
      },
      undefined,
    );
    if (!row) return null;
    await this.announce(work, row, 'created', this.options.clinic.timeZone(), notifyOf(row.status));
    // A visit booked close to its start may already be due a reminder (a request is not: the
    // reminders wait for its approval).
    if (this.options.afterBooked) booking.afterCommit(this.options.afterBooked);
    return row;
  }

  /** In the caller's write: whether `startsAt` is still one of the doctor's free slots (times only, nobody named). */
  async isFreeIn(work: Work, doctorId: string, startsAt: Date): Promise<boolean> {
    const slots = await this.free(work.use(BookingRepository), doctorId, startsAt, new Date(startsAt.getTime() + 1));
    return slots.some((slot) => slot.startsAt.getTime() === startsAt.getTime());
  }

  /** "Add to calendar": the appointment as an iCalendar file, without the reason for the visit. */
  calendar(ctx: AccessContext, id: string): Promise<{ filename: string; body: string }> {
    return this.uow.read(ctx, async (work) => {
      const booking = work.use(BookingRepository);
      const row = await booking.own(id, 'appointment.calendar');
      const organisation = await booking.organisation();
      const clinic = organisation?.name ?? this.options.organisationName;
      const location = row.type === 'video' ? 'Video consultation' : [clinic, organisation?.address].filter(Boolean).join(', ');
      const body = calendarFile({
        uid: `${row.id}@caredeck`,
        stamp: this.clock(),
        start: row.startsAt,
        end: new Date(row.startsAt.getTime() + row.durationMinutes * MINUTE),
        summary: `Appointment with ${englishDoctorName({ firstName: row.doctorFirstName, lastName: row.doctorLastName })}`,
        location,
        status: row.status === 'cancelled' ? 'CANCELLED' : row.status === 'requested' ? 'TENTATIVE' : 'CONFIRMED',
        sequence: Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000)),
      });
      booking.noteRead('appointment.calendar', row);
      return { filename: `appointment-${row.startsAt.toISOString().slice(0, 10)}.ics`, body };
    });
  }

  /**
   * On the day: the appointment's place among the doctor's visits still to be seen that day, and
   * roughly when its turn comes (those ahead take their booked length, none starts before its time).
   */
  queue(ctx: AccessContext, id: string): Promise<QueueResponse> {
    return this.uow.read(ctx, async (work) => {
      const booking = work.use(BookingRepository);
      const row = await booking.own(id, 'appointment.queue');
      const now = this.clock();
      const zone = this.options.clinic.timeZone();
      const today = wallClock(now, zone).slice(0, 10);
      if (wallClock(row.startsAt, zone).slice(0, 10) !== today || !['requested', 'scheduled', 'checked-in'].includes(row.status)) {
        throw new AppError('CONFLICT', 'The queue is only known on the day of the appointment.');
      }
      const day = await booking.doctorsDay(row.doctorId, startOfDay(today, zone), startOfDay(nextDate(today), zone));
      const place = queuePlaces(day, now).get(id) ?? { queuePosition: 1, estimatedWaitTime: 0 };
      booking.noteRead('appointment.queue', row);
      return { data: { appointmentId: id, ...place } };
    });
  }

  /**
   * For the front desk, in its work: moves an appointment the caller reaches to `startsAt` when that
   * is a free slot of its doctor (the same rules and the same judge of a race as a patient's move).
   * Null when the slot was taken in the meantime.
   */
  async moveIn(work: Work, row: AppointmentListRow, startsAt: Date): Promise<AppointmentListRow | null> {
    const booking = work.use(BookingRepository);
    await this.assertSlot(booking, row.doctorId, startsAt, 'appointment.reschedule', row.id);
    return booking.move(row, startsAt, this.clock());
  }

  /**
   * For the front desk, in its work: tells of a change (the patient and the doctor by notification,
   * only the doctor, or nobody when the desk tells the patient in its own words or the change is
   * a step of the day) and pushes it to the patient, the doctor and the desk, after commit.
   */
  async announceIn(work: Work, row: AppointmentListRow, action: BookingAction, options: { notify?: Notify } = {}): Promise<void> {
    await this.announce(work, row, action, this.options.clinic.timeZone(), options.notify ?? 'both');
  }

  /** In the caller's write: tells of the patient's own move as a reschedule does (a request is not yet the doctor's news). */
  async announceMoveIn(work: Work, row: AppointmentListRow): Promise<void> {
    await this.announce(work, row, 'updated', this.options.clinic.timeZone(), notifyOf(row.status));
  }

  /**
   * A patient's booking with a doctor: "requested" when the setting asks for approval of all, or of
   * new patients and the patient has had no scheduled or completed visit with this doctor.
   */
  private async statusFor(booking: BookingRepository, approval: BookingApprovalMode, doctorId: string): Promise<AppointmentStatus> {
    if (approval === 'none') return 'scheduled';
    if (approval === 'all') return 'requested';
    return (await booking.hasVisitWith(doctorId)) ? 'scheduled' : 'requested';
  }

  /** The earliest start a patient may still change or cancel. */
  private cutOff(): Date {
    return new Date(this.clock().getTime() + BOOKING.changeCutoffHours * HOUR);
  }

  private async free(
    booking: BookingRepository,
    doctorId: string,
    notBefore: Date,
    notAfter: Date,
    busyOptions: Parameters<BookingRepository['busy']>[3] = {},
  ) {
    const zone = this.options.clinic.timeZone();
    const clinicHours = this.options.clinic.hours();
    const [hours, busy] = await Promise.all([booking.weeklyHours(doctorId), booking.busy(doctorId, notBefore, notAfter, busyOptions)]);
    return freeSlots({
      hours,
      busy,
      fromDate: wallClock(notBefore, zone).slice(0, 10),
      toDate: wallClock(notAfter, zone).slice(0, 10),
      clinicTimeZone: zone,
      clinicHours,
      slotMinutes: BOOKING.slotMinutes,
      now: this.clock(),
      notBefore,
      notAfter,
    });
  }

  /**
   * The time is one of the doctor's slots: inside their hours and the clinic's, not on time off, in the future, not
   * overlapped by another booking. A booking starting at that very time is left to the unique index
   * (the insert fails), so two people taking one slot at once are judged in one place.
   */
  private async assertSlot(
    booking: BookingRepository,
    doctorId: string,
    startsAt: Date,
    action: AuditActionCode,
    except?: string,
  ): Promise<void> {
    const slots = await this.free(booking, doctorId, startsAt, new Date(startsAt.getTime() + 1), { except, leaveToIndex: startsAt });
    if (slots.length > 0) return;
    booking.notFree(action, except ?? null);
    throw new AppError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
  }

  /** Tells the patient and the doctor (stored notifications) and pushes an appointment_update, all after commit. */
  private async announce(
    work: Work,
    row: AppointmentListRow,
    action: BookingAction,
    patientZone: string,
    notify: Notify = 'both',
  ): Promise<void> {
    const doctor = { firstName: row.doctorFirstName, lastName: row.doctorLastName };
    const doctorName = englishDoctorName(doctor);
    const patient = { firstName: row.patientFirstName, lastName: row.patientLastName };
    // The English text below is the server's own; the bell orders the parts in the reader's language.
    const patientName = `${patient.firstName} ${patient.lastName}`;
    const metadata = { appointmentId: row.id, ...doctorNameParams(doctor), ...patientNameParams(patient), consultationType: row.type };
    const when = (zone: string) => `${wallClock(row.startsAt, zone).replace('T', ' ')} (${zone})`;
    const titles: Record<BookingAction, string> = {
      created: row.status === 'requested' ? 'Appointment requested' : 'Appointment booked',
      updated: 'Appointment rescheduled',
      cancelled: 'Appointment cancelled',
    };
    const codes = { created: 'booked', updated: 'rescheduled', cancelled: 'cancelled' } as const;
    // A new request is not a booking yet: the patient hears that it waits for the clinic.
    const patientCode = action === 'created' && row.status === 'requested' ? 'requested' : codes[action];
    const verbs: Record<BookingAction, string> = {
      created: row.status === 'requested' ? 'is requested for' : 'is booked for',
      updated: 'is moved to',
      cancelled: 'was cancelled; it was on',
    };
    // The stored English text is for API clients; the bell shows the code's text in the reader's
    // language, the doctor titled in it and the start in the reader's clock.
    const params = { ...doctorNameParams(doctor), ...patientNameParams(patient), startsAt: row.startsAt.toISOString() };
    const priority = action === 'cancelled' ? 'high' : 'medium';
    if (notify === 'both' || notify === 'patient')
      await this.notifications.notifyIn(work, row.patientId, {
        type: 'appointment',
        title: titles[action],
        message: `Your ${row.type} appointment with ${doctorName} ${verbs[action]} ${when(patientZone)}.${row.status === 'requested' ? ' The clinic will confirm it.' : ''}`,
        priority,
        actionUrl: NOTIFICATION_LINKS.patientAppointments,
        metadata,
        code: `appointment.patient_${patientCode}`,
        params,
      });
    if (notify === 'both' || notify === 'doctor')
      await this.notifications.notifyIn(work, row.doctorId, {
        type: 'appointment',
        title: titles[action],
        message: `The ${row.type} appointment with ${patientName} ${verbs[action]} ${when(this.options.clinic.timeZone())}.`,
        priority,
        actionUrl: NOTIFICATION_LINKS.doctorPortal,
        metadata,
        code: `appointment.doctor_${codes[action]}`,
        params,
      });
    const timestamp = this.clock().toISOString();
    work.use(BookingRepository).pushUpdate(row, action, timestamp);
    await work.use(FrontDeskRepository).pushDesk(row, action, timestamp);
  }
}

/** A request is news to its doctor only once the desk approves it; anything else to both. */
function notifyOf(status: AppointmentStatus): Notify {
  return status === 'requested' ? 'patient' : 'both';
}

/** The appointment of a committed change, or SLOT_TAKEN when the index refused it. */
function settled(outcome: Outcome): Appointment {
  if ('taken' in outcome) throw new AppError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
  return outcome.appointment;
}

function instantOf(date: string, time: string, timeZone: string): Date {
  const at = zonedInstant(date, time, timeZone);
  if (!at) throw new AppError('VALIDATION_FAILED', 'This time does not exist in your time zone.', { time: 'choice.invalid' });
  return at;
}

/** Parking on the visit's day: arrive no later than the start, leave no earlier than the end, all within the window around it. */
function parkingTimes(
  parking: { licensePlate: string; arrivalTime: string; departureTime: string },
  date: string,
  timeZone: string,
  startsAt: Date,
): ParkingTimes {
  const arrivalAt = zonedInstant(date, parking.arrivalTime, timeZone);
  const departureAt = zonedInstant(date, parking.departureTime, timeZone);
  const endsAt = startsAt.getTime() + BOOKING.slotMinutes * MINUTE;
  const window = BOOKING.parkingWindowHours * HOUR;
  const fields: Record<string, string> = {};
  if (!arrivalAt || arrivalAt.getTime() > startsAt.getTime() || arrivalAt.getTime() < startsAt.getTime() - window) {
    fields['parking.arrivalTime'] = 'parking.window';
  }
  if (!departureAt || departureAt.getTime() < endsAt || departureAt.getTime() > endsAt + window) {
    fields['parking.departureTime'] = 'parking.window';
  }
  if (Object.keys(fields).length > 0 || !arrivalAt || !departureAt) {
    throw new AppError('VALIDATION_FAILED', 'The parking times must lie around the appointment.', fields);
  }
  return { licensePlate: parking.licensePlate, arrivalAt, departureAt };
}

/** 00:00 of a calendar day in `zone` (01:00 where midnight is skipped by a clock change). */
function startOfDay(date: string, zone: string): Date {
  return zonedInstant(date, '00:00', zone) ?? zonedInstant(date, '01:00', zone)!;
}
