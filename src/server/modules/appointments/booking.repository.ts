import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
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
import type { PatientScope } from '../../platform/patient-scope';
import { selectAppointments, type AppointmentListRow } from './appointments.repository';
import type { Busy, WeeklyHours } from './slots';

// Writes of a patient's own appointments (booking, rescheduling, cancelling) and the reads they
// need. Whose appointment is always decided by the caller's scope; the doctor's free time is not
// patient data. The partial unique index appointments_doctor_slot_unique decides every race.

export interface ParkingTimes {
  licensePlate: string;
  arrivalAt: Date;
  departureAt: Date;
}

export class BookingRepository {
  constructor(private readonly db: Database) {}

  async doctor(doctorId: string): Promise<{ id: string; firstName: string; lastName: string } | undefined> {
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
   * start is refused by the unique index, so a race has one judge).
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

  /** Inserts the appointment and its parking in one transaction; a unique violation propagates. */
  async insert(row: NewAppointmentRow, parking: ParkingTimes | undefined): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx.insert(appointments).values(row).returning({ id: appointments.id });
      if (parking) {
        await tx.insert(parkingReservations).values({ appointmentId: created!.id, patientId: row.patientId, ...parking });
      }
      return created!.id;
    });
  }

  /** One appointment of a patient in the caller's scope (undefined for anyone else's). */
  async own(scope: PatientScope, id: string): Promise<AppointmentListRow | undefined> {
    const [row] = await selectAppointments(this.db)
      .where(and(eq(appointments.id, id), scope.condition(appointments.patientId)))
      .limit(1);
    return row;
  }

  /** Moves an appointment (and its parking by the same amount); a unique violation propagates. */
  async move(scope: PatientScope, id: string, startsAt: Date, shiftMs: number, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(appointments)
        .set({ startsAt, updatedAt: now })
        .where(and(eq(appointments.id, id), scope.condition(appointments.patientId)));
      await tx
        .update(parkingReservations)
        .set({
          arrivalAt: sql`${parkingReservations.arrivalAt} + make_interval(secs => ${shiftMs / 1000})`,
          departureAt: sql`${parkingReservations.departureAt} + make_interval(secs => ${shiftMs / 1000})`,
        })
        .where(and(eq(parkingReservations.appointmentId, id), eq(parkingReservations.status, 'reserved')));
    });
  }

  async cancel(scope: PatientScope, id: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(appointments)
        .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
        .where(and(eq(appointments.id, id), scope.condition(appointments.patientId)));
      await tx
        .update(parkingReservations)
        .set({ status: 'cancelled' })
        .where(and(eq(parkingReservations.appointmentId, id), eq(parkingReservations.status, 'reserved')));
    });
  }

  /** The doctor's appointments of a day that are still to be seen, in order (the queue). */
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
}
