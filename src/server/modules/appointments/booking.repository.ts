import type { AuditActionCode } from '../../../contracts/audit';
import { and, asc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES, CHANGEABLE_STATUSES } from '../../../contracts/booking';
import type { Database } from '../../db/client';
import {
  appointments,
  doctorAvailability,
  doctorProfiles,
  doctorTimeOff,
  organisationSettings,
  parkingReservations,
  users,
  type NewAppointmentRow,
} from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';
import { freeParkingSpotOf, selectAppointments, type AppointmentListRow } from './appointments.repository';
import type { Busy, WeeklyHours } from './slots';

// Writes of a patient's own appointments (booking, rescheduling, cancelling) and the reads they
// need. Whose appointment is always decided by the caller's scope (anyone else's answers 404, noted
// without naming anyone); every change and refusal is noted on the request's audit event, and the
// live update is pushed once the write commits. The doctor's free time is not patient data. The
// partial unique index appointments_doctor_slot_unique decides every race.

export interface ParkingTimes {
  licensePlate: string;
  arrivalAt: Date;
  departureAt: Date;
}

export type BookingAction = 'created' | 'updated' | 'cancelled';

type NewBooking = Omit<NewAppointmentRow, 'patientId' | 'bookedBy' | 'bookedByRole'>;

export class BookingRepository extends Repository {
  /** An active doctor (public facts), or undefined. */
  async doctor(doctorId: string): Promise<{ id: string; firstName: string; lastName: string } | undefined> {
    if (!isUuid(doctorId)) return undefined;
    const [row] = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(doctorProfiles)
      .innerJoin(users, eq(users.id, doctorProfiles.userId))
      .where(and(eq(doctorProfiles.userId, doctorId), eq(users.isActive, true)))
      .limit(1);
    return row;
  }

  async weeklyHours(doctorId: string): Promise<WeeklyHours[]> {
    return this.db
      .select({
        dayOfWeek: doctorAvailability.dayOfWeek,
        startTime: doctorAvailability.startTime,
        endTime: doctorAvailability.endTime,
        isAvailable: doctorAvailability.isAvailable,
      })
      .from(doctorAvailability)
      .where(eq(doctorAvailability.doctorId, doctorId));
  }

  /**
   * Booked (non-cancelled) appointments and time off of a doctor overlapping [from, to), optionally
   * minus one appointment and minus those starting exactly at `leaveToIndex` (a booking of that very
   * start is refused by the unique index, so a race has one judge). Times only: nobody is named.
   */
  async busy(doctorId: string, from: Date, to: Date, options: { except?: string; leaveToIndex?: Date } = {}): Promise<Busy[]> {
    const { except, leaveToIndex } = options;
    const ends = sql<Date>`${appointments.startsAt} + make_interval(mins => ${appointments.durationMinutes})`;
    const booked = await this.db
      .select({ startsAt: appointments.startsAt, durationMinutes: appointments.durationMinutes })
      .from(appointments)
      .where(
        and(
          eq(appointments.doctorId, doctorId),
          ne(appointments.status, 'cancelled'),
          lt(appointments.startsAt, to),
          sql`${ends} > ${from.toISOString()}`,
          except ? ne(appointments.id, except) : undefined,
          leaveToIndex ? ne(appointments.startsAt, leaveToIndex) : undefined,
        ),
      );
    const away = await this.db
      .select({ startsAt: doctorTimeOff.startsAt, endsAt: doctorTimeOff.endsAt })
      .from(doctorTimeOff)
      .where(and(eq(doctorTimeOff.doctorId, doctorId), lt(doctorTimeOff.startsAt, to), gt(doctorTimeOff.endsAt, from)));
    return [...booked.map((b) => ({ startsAt: b.startsAt, endsAt: new Date(b.startsAt.getTime() + b.durationMinutes * 60_000) })), ...away];
  }

  /**
   * Books for the caller, with the parking, noted. Null when the slot was taken in the meantime (the
   * unique index refused it; the refusal is noted and nothing is stored).
   */
  async book(row: NewBooking, parking: ParkingTimes | undefined, onBehalfOf?: string): Promise<AppointmentListRow | null> {
    const { userId, role } = this.scope.actor;
    // Staff booking for a patient: the patient must be one they reach (404 otherwise, like a missing one).
    if (onBehalfOf !== undefined) await this.reachPatient(onBehalfOf, 'appointment.create');
    const patientId = onBehalfOf ?? userId;
    const [created] = await this.db
      .insert(appointments)
      .values({ ...row, patientId, bookedBy: userId, bookedByRole: role })
      .onConflictDoNothing()
      .returning({ id: appointments.id });
    if (!created) {
      this.refused('appointment.create', null, patientId, 'slot_taken');
      return null;
    }
    if (parking) await this.db.insert(parkingReservations).values({ appointmentId: created.id, patientId, ...parking });
    const booked = (await this.find(created.id))!;
    this.changed('appointment.create', booked, { parking: parking !== undefined });
    return booked;
  }

  /**
   * Whether the caller (a patient) has had a visit with the doctor that the clinic accepted: one
   * scheduled, under way or completed. A request or a cancelled or missed visit does not count.
   */
  async hasVisitWith(doctorId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          this.scope.condition(appointments.patientId),
          eq(appointments.doctorId, doctorId),
          inArray(appointments.status, ['scheduled', 'checked-in', 'in-progress', 'completed']),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** One of the caller's appointments; 404 (noted, naming nobody) for anyone else's or a missing one. */
  async own(id: string, action: AuditActionCode): Promise<AppointmentListRow> {
    const row = isUuid(id) ? await this.find(id) : undefined;
    if (!row) {
      this.audit.missed(action, 'appointment', id);
      throw AppError.notFound();
    }
    return row;
  }

  /** The caller's, still requested or scheduled, and not inside the cut-off; refusals noted. */
  async changeable(id: string, action: AuditActionCode, earliestStart: Date): Promise<AppointmentListRow> {
    const row = await this.own(id, action);
    if (!(CHANGEABLE_STATUSES as readonly string[]).includes(row.status)) {
      this.refused(action, id, row.patientId, 'status', { status: row.status });
      throw new AppError('APPOINTMENT_NOT_CHANGEABLE', BOOKING_MESSAGES.notChangeable);
    }
    if (row.startsAt.getTime() < earliestStart.getTime()) {
      this.refused(action, id, row.patientId, 'cut_off');
      const phone = (await this.organisation())?.phone;
      throw new AppError('CHANGE_TOO_LATE', phone ? `${BOOKING_MESSAGES.tooLate} ${phone}` : BOOKING_MESSAGES.tooLate);
    }
    return row;
  }

  /**
   * Moves the caller's appointment (and its parking by the same amount), noted. Null when the new
   * slot was taken in the meantime: the unique index refused it, the move is undone and the
   * refusal noted.
   */
  async move(row: AppointmentListRow, startsAt: Date, now: Date): Promise<AppointmentListRow | null> {
    const shiftSeconds = (startsAt.getTime() - row.startsAt.getTime()) / 1000;
    try {
      // A savepoint: the refusal of the index undoes only this step, not the write around it.
      await this.db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        // The patient confirmed the old time, not this one.
        await tx
          .update(appointments)
          .set({ startsAt, confirmedAt: null, updatedAt: now })
          .where(and(eq(appointments.id, row.id), this.scope.condition(appointments.patientId)));
        await tx
          .update(parkingReservations)
          .set({
            arrivalAt: sql`${parkingReservations.arrivalAt} + make_interval(secs => ${shiftSeconds})`,
            departureAt: sql`${parkingReservations.departureAt} + make_interval(secs => ${shiftSeconds})`,
          })
          .where(and(eq(parkingReservations.appointmentId, row.id), eq(parkingReservations.status, 'reserved')));
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      this.refused('appointment.reschedule', row.id, row.patientId, 'slot_taken');
      return null;
    }
    const moved = (await this.find(row.id))!;
    this.changed('appointment.reschedule', moved, { from: row.startsAt.toISOString(), to: startsAt.toISOString() });
    return moved;
  }

  /** Cancels the caller's appointment and its parking, noted (whether a reason was given, never the reason). */
  async cancel(row: AppointmentListRow, now: Date, withReason: boolean): Promise<AppointmentListRow> {
    await this.db
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(appointments.id, row.id), this.scope.condition(appointments.patientId)));
    await this.db
      .update(parkingReservations)
      .set({ status: 'cancelled' })
      .where(and(eq(parkingReservations.appointmentId, row.id), eq(parkingReservations.status, 'reserved')));
    await freeParkingSpotOf(this.db, row.id, now);
    const cancelled = (await this.find(row.id))!;
    this.changed('appointment.cancel', cancelled, { withReason });
    return cancelled;
  }

  /**
   * Records that the patient will come, once: a second confirmation keeps the first time and
   * answers null. Noted either way (`details` say through what).
   */
  async confirm(row: AppointmentListRow, now: Date, details: Record<string, unknown>): Promise<AppointmentListRow | null> {
    const changed = await this.db
      .update(appointments)
      .set({ confirmedAt: now, updatedAt: now })
      .where(and(eq(appointments.id, row.id), this.scope.condition(appointments.patientId), isNull(appointments.confirmedAt)))
      .returning({ id: appointments.id });
    this.changed('appointment.confirm', row, { ...details, alreadyConfirmed: changed.length === 0 });
    return changed.length > 0 ? (await this.find(row.id))! : null;
  }

  /** A confirmation the appointment's status or time does not allow, noted. */
  notConfirmable(row: AppointmentListRow): void {
    this.refused('appointment.confirm', row.id, row.patientId, 'not_confirmable', { status: row.status });
  }

  /** A read of one of the caller's appointments (the calendar file, the queue), noted under its patient. */
  noteRead(action: AuditActionCode, row: AppointmentListRow): void {
    this.audit.read(action, 'appointment', row.id, [row.patientId], {});
  }

  /** A refusal for a time that is not a free slot. */
  notFree(action: AuditActionCode, id: string | null): void {
    this.audit.note({ action, outcome: 'failure', resourceType: 'appointment', resourceId: id, details: { reason: 'not_a_free_slot' } });
  }

  /** An appointment_update to the patient and the doctor, once the write commits. */
  pushUpdate(row: AppointmentListRow, action: BookingAction, timestamp: string): void {
    this.effects.push({
      recipients: [row.patientId, row.doctorId],
      event: { type: 'appointment_update', action, appointmentId: row.id, patientId: row.patientId, doctorId: row.doctorId, timestamp },
    });
  }

  /** The doctor's appointments of a day that are still to be seen, in order (the queue). Times only. */
  async doctorsDay(doctorId: string, from: Date, to: Date) {
    return this.db
      .select({
        id: appointments.id,
        startsAt: appointments.startsAt,
        durationMinutes: appointments.durationMinutes,
        status: appointments.status,
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.doctorId, doctorId),
          sql`${appointments.status} not in ('completed', 'cancelled', 'no-show')`,
          sql`${appointments.startsAt} >= ${from.toISOString()}`,
          lt(appointments.startsAt, to),
        ),
      )
      .orderBy(asc(appointments.startsAt), asc(appointments.id));
  }

  async organisation(): Promise<{ name: string; phone: string | null; address: string | null } | undefined> {
    const [row] = await this.db
      .select({ name: organisationSettings.name, phone: organisationSettings.phone, address: organisationSettings.address })
      .from(organisationSettings)
      .limit(1);
    return row;
  }

  /** One appointment within the caller's scope. */
  private async find(id: string): Promise<AppointmentListRow | undefined> {
    const [row] = await selectAppointments(this.db)
      .where(and(eq(appointments.id, id), this.scope.condition(appointments.patientId)))
      .limit(1);
    return row;
  }

  private changed(action: AuditActionCode, row: AppointmentListRow, details: Record<string, unknown>): void {
    this.audit.note({ action, resourceType: 'appointment', resourceId: row.id, patients: [row.patientId], details });
  }

  private refused(
    action: AuditActionCode,
    id: string | null,
    patientId: string,
    reason: string,
    details: Record<string, unknown> = {},
  ): void {
    this.audit.note({
      action,
      outcome: 'failure',
      resourceType: 'appointment',
      resourceId: id,
      patients: [patientId],
      details: { reason, ...details },
    });
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
