import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { appointments, doctorProfiles, parkingReservations, patientProfiles, users } from '../../db/schema';
import type { PatientScope } from '../../platform/patient-scope';

// Reads of appointments, always under a condition the service built from the caller's scope:
// there is no query here without one.

const patient = alias(users, 'appointment_patient');
const doctor = alias(users, 'appointment_doctor');

const columns = {
  id: appointments.id,
  patientId: appointments.patientId,
  doctorId: appointments.doctorId,
  startsAt: appointments.startsAt,
  durationMinutes: appointments.durationMinutes,
  type: appointments.type,
  status: appointments.status,
  reason: appointments.reason,
  bookedBy: appointments.bookedBy,
  bookedByRole: appointments.bookedByRole,
  checkedInAt: appointments.checkedInAt,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
  patientFirstName: patient.firstName,
  patientLastName: patient.lastName,
  doctorFirstName: doctor.firstName,
  doctorLastName: doctor.lastName,
  doctorSpecialty: doctorProfiles.specialty,
  parkingId: parkingReservations.id,
  parkingLicensePlate: parkingReservations.licensePlate,
  parkingArrivalAt: parkingReservations.arrivalAt,
  parkingDepartureAt: parkingReservations.departureAt,
  parkingStatus: parkingReservations.status,
};

export function selectAppointments(db: Database) {
  return db
    .select(columns)
    .from(appointments)
    .innerJoin(patient, eq(patient.id, appointments.patientId))
    .innerJoin(doctor, eq(doctor.id, appointments.doctorId))
    .innerJoin(doctorProfiles, eq(doctorProfiles.userId, appointments.doctorId))
    .leftJoin(parkingReservations, eq(parkingReservations.appointmentId, appointments.id))
    .$dynamic();
}

export type AppointmentListRow = Awaited<ReturnType<typeof selectAppointments>>[number];

export type When = 'upcoming' | 'past' | 'all';

export class AppointmentsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Which appointments a caller reaches: those of patients in their scope, and for a doctor also
   * every appointment booked with them (which puts its patient in their care anyway). Staff
   * holding appointments.view.all reach the organisation's schedule.
   */
  reach(scope: PatientScope, viewAll: boolean): SQL {
    if (scope.actor.role === 'admin' || (scope.actor.role === 'staff' && viewAll)) return sql`true`;
    if (scope.actor.role === 'doctor')
      return sql`(${appointments.doctorId} = ${scope.actor.userId} or ${scope.condition(appointments.patientId)})`;
    return scope.condition(appointments.patientId);
  }

  async list(
    where: SQL | undefined,
    options: { when: When; now: Date; page: number; pageSize: number },
  ): Promise<{ rows: AppointmentListRow[]; total: number }> {
    const timing =
      options.when === 'upcoming'
        ? gte(appointments.startsAt, options.now)
        : options.when === 'past'
          ? lt(appointments.startsAt, options.now)
          : undefined;
    const condition = and(where, timing);
    const order =
      options.when === 'upcoming'
        ? [asc(appointments.startsAt), asc(appointments.id)]
        : [desc(appointments.startsAt), desc(appointments.id)];
    const rows = await this.select()
      .where(condition)
      .orderBy(...order)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    const [counted] = await this.db.select({ n: count() }).from(appointments).where(condition);
    return { rows, total: counted?.n ?? 0 };
  }

  /** Every appointment matching `where` between two instants, in time order (a day's schedule). */
  async between(where: SQL | undefined, from: Date, to: Date): Promise<AppointmentListRow[]> {
    return this.select()
      .where(and(where, gte(appointments.startsAt, from), lt(appointments.startsAt, to)))
      .orderBy(asc(appointments.startsAt), asc(appointments.id));
  }

  /** All of one patient's appointments, newest first (the chart). */
  async forPatient(patientId: string): Promise<AppointmentListRow[]> {
    return this.select().where(eq(appointments.patientId, patientId)).orderBy(desc(appointments.startsAt), desc(appointments.id));
  }

  async isPatient(patientId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: patientProfiles.userId })
      .from(patientProfiles)
      .where(eq(patientProfiles.userId, patientId))
      .limit(1);
    return row !== undefined;
  }

  async isDoctor(doctorId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: doctorProfiles.userId })
      .from(doctorProfiles)
      .where(eq(doctorProfiles.userId, doctorId))
      .limit(1);
    return row !== undefined;
  }

  private select() {
    return selectAppointments(this.db);
  }
}
