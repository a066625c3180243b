import type { Appointment } from '../../../contracts/appointments';
import {
  BOOKING,
  BOOKING_MESSAGES,
  CHANGEABLE_STATUSES,
  type CancelAppointmentRequest,
  type QueueResponse,
  type SlotQuery,
  type SlotsResponse,
} from '../../../contracts/booking';
import type { z } from 'zod';
import { pathForView } from '../../../contracts/views';
import type { bookAppointmentSchema, rescheduleAppointmentSchema } from '../../../contracts/booking';
import { AppError } from '../../platform/app-error';
import type { AuditLog } from '../../platform/audit';
import type { EventBus } from '../../platform/events';
import type { ReadContext } from '../../platform/patient-read-audit';
import type { PatientScope } from '../../platform/patient-scope';
import type { NotificationsService } from '../notifications/notifications.service';
import type { AppointmentListRow } from './appointments.repository';
import { toAppointment } from './appointments.service';
import { BookingRepository, type ParkingTimes } from './booking.repository';
import { calendarFile } from './calendar-ics';
import { freeSlots, nextDate, wallClock, zonedInstant } from './slots';

// Issue 7 item 3: a patient books, reschedules and cancels their own appointments. A slot is
// offered only when it is free (slots.ts); whether it is still free when two people take it at
// once is decided by the database's unique index, and the loser hears 409. Every change is
// audited, told to the patient and the doctor (a stored notification), and pushed as an
// appointment_update so open views refresh.

type BookInput = z.output<typeof bookAppointmentSchema>;
type RescheduleInput = z.output<typeof rescheduleAppointmentSchema>;
type Action = 'created' | 'updated' | 'cancelled';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface BookingDeps {
  repository: BookingRepository;
  audit: AuditLog;
  events: EventBus;
  notifications: NotificationsService;
  clinicTimeZone: string;
  organisationName: string;
  clock?: () => Date;
}

export class BookingService {
  private readonly repository: BookingRepository;
  private readonly clock: () => Date;

  constructor(private readonly deps: BookingDeps) {
    this.repository = deps.repository;
    this.clock = deps.clock ?? (() => new Date());
  }

  /** Free slots of a doctor on the calendar days [from, to] of `timeZone` (the clinic's by default). */
  async slots(doctorId: string, query: SlotQuery): Promise<SlotsResponse> {
    const doctor = await this.repository.doctor(doctorId);
    if (!doctor) throw AppError.notFound();
    const zone = query.timeZone ?? this.deps.clinicTimeZone;
    const notBefore = startOfDay(query.from, zone);
    const notAfter = startOfDay(nextDate(query.to), zone);
    const slots = await this.free(doctorId, notBefore, notAfter);
    return {
      doctorId,
      clinicTimeZone: this.deps.clinicTimeZone,
      data: slots.map((s) => ({ startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString(), duration: BOOKING.slotMinutes })),
    };
  }

  async book(scope: PatientScope, input: BookInput, context: ReadContext): Promise<Appointment> {
    const patientId = scope.actor.userId;
    const doctor = await this.repository.doctor(input.doctorId);
    if (!doctor) throw AppError.notFound();
    const startsAt = this.instantOf(input.date, input.time, input.timeZone);
    const parking = input.parking ? parkingTimes(input.parking, input.date, input.timeZone, startsAt) : undefined;
    await this.assertSlot(input.doctorId, startsAt, context, 'appointment.create');
    let id: string;
    try {
      id = await this.repository.insert(
        {
          patientId,
          doctorId: input.doctorId,
          startsAt,
          durationMinutes: BOOKING.slotMinutes,
          type: input.type,
          status: 'scheduled',
          reason: input.reason,
          bookedBy: patientId,
          bookedByRole: scope.actor.role,
        },
        parking,
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        await this.auditChange(context, 'appointment.create', 'failure', null, patientId, { reason: 'slot_taken' });
        throw new AppError('CONFLICT', BOOKING_MESSAGES.slotTaken);
      }
      throw error;
    }
    const row = (await this.repository.own(scope, id))!;
    await this.auditChange(context, 'appointment.create', 'success', id, patientId, { parking: parking !== undefined });
    await this.announce(row, 'created', input.timeZone);
    return toAppointment(row);
  }

  async reschedule(scope: PatientScope, id: string, input: RescheduleInput, context: ReadContext): Promise<Appointment> {
    const row = await this.changeable(scope, id, context, 'appointment.reschedule');
    const startsAt = this.instantOf(input.date, input.time, input.timeZone);
    if (startsAt.getTime() === row.startsAt.getTime()) return toAppointment(row);
    await this.assertSlot(row.doctorId, startsAt, context, 'appointment.reschedule', id);
    try {
      await this.repository.move(scope, id, startsAt, startsAt.getTime() - row.startsAt.getTime(), this.clock());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.auditChange(context, 'appointment.reschedule', 'failure', id, row.patientId, { reason: 'slot_taken' });
      throw new AppError('CONFLICT', BOOKING_MESSAGES.slotTaken);
    }
    const moved = (await this.repository.own(scope, id))!;
    await this.auditChange(context, 'appointment.reschedule', 'success', id, row.patientId, {
      from: row.startsAt.toISOString(),
      to: startsAt.toISOString(),
    });
    await this.announce(moved, 'updated', input.timeZone);
    return toAppointment(moved);
  }

  async cancel(scope: PatientScope, id: string, input: CancelAppointmentRequest, context: ReadContext): Promise<Appointment> {
    const row = await this.changeable(scope, id, context, 'appointment.cancel');
    await this.repository.cancel(scope, id, this.clock());
    const cancelled = (await this.repository.own(scope, id))!;
    // The reason is the patient's own words and may say anything about their health: only whether one was given is kept.
    await this.auditChange(context, 'appointment.cancel', 'success', id, row.patientId, { withReason: Boolean(input.reason) });
    await this.announce(cancelled, 'cancelled', this.deps.clinicTimeZone);
    return toAppointment(cancelled);
  }

  /** "Add to calendar": the appointment as an iCalendar file, without the reason for the visit. */
  async calendar(scope: PatientScope, id: string, context: ReadContext): Promise<{ filename: string; body: string }> {
    const row = await this.ownOrMissing(scope, id, context, 'appointment.calendar');
    const organisation = await this.repository.organisation();
    const clinic = organisation?.name ?? this.deps.organisationName;
    const location = row.type === 'video' ? 'Video consultation' : [clinic, organisation?.address].filter(Boolean).join(', ');
    const body = calendarFile({
      uid: `${row.id}@caredeck`,
      stamp: this.clock(),
      start: row.startsAt,
      end: new Date(row.startsAt.getTime() + row.durationMinutes * MINUTE),
      summary: `Appointment with Dr. ${row.doctorFirstName} ${row.doctorLastName}`,
      location,
      status: row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
      sequence: Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000)),
    });
    await this.auditChange(context, 'appointment.calendar', 'success', id, row.patientId, {});
    return { filename: `appointment-${row.startsAt.toISOString().slice(0, 10)}.ics`, body };
  }

  /**
   * On the day: the appointment's place among the doctor's visits still to be seen that day, and
   * roughly when its turn comes (those ahead take their booked length, none starts before its time).
   */
  async queue(scope: PatientScope, id: string, context: ReadContext): Promise<QueueResponse> {
    const row = await this.ownOrMissing(scope, id, context, 'appointment.queue');
    const now = this.clock();
    const zone = this.deps.clinicTimeZone;
    const today = wallClock(now, zone).slice(0, 10);
    if (wallClock(row.startsAt, zone).slice(0, 10) !== today || !['requested', 'scheduled', 'checked-in'].includes(row.status)) {
      throw new AppError('CONFLICT', 'The queue is only known on the day of the appointment.');
    }
    const day = await this.repository.doctorsDay(row.doctorId, startOfDay(today, zone), startOfDay(nextDate(today), zone));
    const index = day.findIndex((a) => a.id === id);
    const ahead = index < 0 ? [] : day.slice(0, index);
    let free = now.getTime();
    for (const visit of ahead) free = Math.max(free, visit.startsAt.getTime()) + visit.durationMinutes * MINUTE;
    const turn = Math.max(free, row.startsAt.getTime());
    await this.auditChange(context, 'appointment.queue', 'success', id, row.patientId, {});
    return {
      data: {
        appointmentId: id,
        queuePosition: ahead.length + 1,
        estimatedWaitTime: Math.max(0, Math.round((turn - now.getTime()) / MINUTE)),
      },
    };
  }

  private async free(doctorId: string, notBefore: Date, notAfter: Date, busyOptions: Parameters<BookingRepository['busy']>[3] = {}) {
    const zone = this.deps.clinicTimeZone;
    const [hours, busy] = await Promise.all([
      this.repository.weeklyHours(doctorId),
      this.repository.busy(doctorId, notBefore, notAfter, busyOptions),
    ]);
    return freeSlots({
      hours,
      busy,
      fromDate: wallClock(notBefore, zone).slice(0, 10),
      toDate: wallClock(notAfter, zone).slice(0, 10),
      clinicTimeZone: zone,
      slotMinutes: BOOKING.slotMinutes,
      now: this.clock(),
      notBefore,
      notAfter,
    });
  }

  /**
   * The time is one of the doctor's slots: inside their hours, not on time off, in the future, not
   * overlapped by another booking. A booking starting at that very time is left to the unique index
   * (the insert fails), so two people taking one slot at once are judged in one place.
   */
  private async assertSlot(doctorId: string, startsAt: Date, context: ReadContext, action: string, except?: string): Promise<void> {
    const slots = await this.free(doctorId, startsAt, new Date(startsAt.getTime() + 1), { except, leaveToIndex: startsAt });
    if (slots.length > 0) return;
    await this.deps.audit.record({
      ...context,
      action,
      outcome: 'failure',
      resourceType: 'appointment',
      resourceId: except ?? null,
      details: { reason: 'not_a_free_slot' },
    });
    throw new AppError('CONFLICT', BOOKING_MESSAGES.slotTaken);
  }

  private instantOf(date: string, time: string, timeZone: string): Date {
    const at = zonedInstant(date, time, timeZone);
    if (!at) throw new AppError('VALIDATION_FAILED', 'This time does not exist in your time zone.', { time: 'choice.invalid' });
    return at;
  }

  private async ownOrMissing(scope: PatientScope, id: string, context: ReadContext, action: string): Promise<AppointmentListRow> {
    const row = await this.repository.own(scope, id);
    if (!row) {
      await this.deps.audit.record({
        ...context,
        action,
        outcome: 'failure',
        resourceType: 'appointment',
        resourceId: id,
        details: { reason: 'not_found' },
      });
      throw AppError.notFound();
    }
    return row;
  }

  /** Own, still requested or scheduled, and not inside the cut-off. */
  private async changeable(scope: PatientScope, id: string, context: ReadContext, action: string): Promise<AppointmentListRow> {
    const row = await this.ownOrMissing(scope, id, context, action);
    if (!(CHANGEABLE_STATUSES as readonly string[]).includes(row.status)) {
      await this.auditChange(context, action, 'failure', id, row.patientId, { reason: 'status', status: row.status });
      throw new AppError('CONFLICT', BOOKING_MESSAGES.notChangeable);
    }
    if (row.startsAt.getTime() - this.clock().getTime() < BOOKING.changeCutoffHours * HOUR) {
      await this.auditChange(context, action, 'failure', id, row.patientId, { reason: 'cut_off' });
      const phone = (await this.repository.organisation())?.phone;
      throw new AppError('CONFLICT', phone ? `${BOOKING_MESSAGES.tooLate} ${phone}` : BOOKING_MESSAGES.tooLate);
    }
    return row;
  }

  private async auditChange(
    context: ReadContext,
    action: string,
    outcome: 'success' | 'failure',
    id: string | null,
    patientId: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.deps.audit.record({ ...context, action, outcome, resourceType: 'appointment', resourceId: id, patientId, details });
  }

  private async announce(row: AppointmentListRow, action: Action, patientZone: string): Promise<void> {
    const doctorName = `Dr. ${row.doctorFirstName} ${row.doctorLastName}`;
    const patientName = `${row.patientFirstName} ${row.patientLastName}`;
    const metadata = { appointmentId: row.id, doctorName, patientName, consultationType: row.type };
    const when = (zone: string) => `${wallClock(row.startsAt, zone).replace('T', ' ')} (${zone})`;
    const titles: Record<Action, string> = {
      created: 'Appointment booked',
      updated: 'Appointment rescheduled',
      cancelled: 'Appointment cancelled',
    };
    const codes = { created: 'booked', updated: 'rescheduled', cancelled: 'cancelled' } as const;
    const verbs: Record<Action, string> = { created: 'is booked for', updated: 'is moved to', cancelled: 'was cancelled; it was on' };
    // The stored English text is for API clients; the bell shows the code's text in the reader's
    // language and the start in the reader's clock.
    const params = { doctorName, patientName, startsAt: row.startsAt.toISOString() };
    const priority = action === 'cancelled' ? 'high' : 'medium';
    await this.deps.notifications.notify(row.patientId, {
      type: 'appointment',
      title: titles[action],
      message: `Your ${row.type} appointment with ${doctorName} ${verbs[action]} ${when(patientZone)}.`,
      priority,
      actionUrl: pathForView('appointments'),
      metadata,
      code: `appointment.patient_${codes[action]}`,
      params,
    });
    await this.deps.notifications.notify(row.doctorId, {
      type: 'appointment',
      title: titles[action],
      message: `The ${row.type} appointment with ${patientName} ${verbs[action]} ${when(this.deps.clinicTimeZone)}.`,
      priority,
      actionUrl: pathForView('doctor-portal'),
      metadata,
      code: `appointment.doctor_${codes[action]}`,
      params,
    });
    await this.deps.events.publish({
      recipients: [row.patientId, row.doctorId],
      event: {
        type: 'appointment_update',
        action,
        appointmentId: row.id,
        patientId: row.patientId,
        doctorId: row.doctorId,
        timestamp: this.clock().toISOString(),
      },
    });
  }
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

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
