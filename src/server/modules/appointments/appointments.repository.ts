import { and, asc, count, desc, eq, gt, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AuditActionCode } from '../../../contracts/audit';
import type { AppointmentStatus } from '../../../contracts/appointments';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { appointments, doctorProfiles, doctorTimeOff, parkingReservations, parkingSpots, patientProfiles, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// Reads of appointments for the caller of the work they run in. Every query is under a condition
// built from the caller's scope (there is none without one), every list is noted on the request's
// audit event with the patients it returned, and a patient or doctor out of reach answers 404.

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
  lateAt: appointments.lateAt,
  confirmedAt: appointments.confirmedAt,
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

/**
 * A visit that will not come (cancelled, a no-show) gives back the car park spot it held, so the
 * desk's map shows it free again; the desk hears of it through the appointment's own live update.
 */
export async function freeParkingSpotOf(db: Database, appointmentId: string, now: Date): Promise<void> {
  await db
    .update(parkingSpots)
    .set({ status: 'available', appointmentId: null, version: sql`${parkingSpots.version} + 1`, updatedAt: now })
    .where(eq(parkingSpots.appointmentId, appointmentId));
}

/** Appointments with their people and parking; the caller adds the condition. */
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

export interface Page {
  when: When;
  page: number;
  pageSize: number;
}

const LIST = 'appointment.list';

export class AppointmentsRepository extends Repository {
  /** The caller's own: a patient's appointments, a doctor's schedule; staff and admin the schedule they reach. */
  async listOwn(page: Page, now: Date): Promise<{ rows: AppointmentListRow[]; total: number }> {
    const found = await this.page((await this.own()) ?? (await this.reach()), page, now);
    this.audit.read(LIST, 'appointment', null, this.subjects(found.rows), { count: found.rows.length, when: page.when, page: page.page });
    return found;
  }

  async listForPatient(patientId: string, page: Page, now: Date): Promise<{ rows: AppointmentListRow[]; total: number }> {
    if (!(await this.patientInReach(patientId))) {
      this.audit.missed(LIST, 'patient', patientId);
      throw AppError.notFound();
    }
    const found = await this.page(eq(appointments.patientId, patientId), page, now);
    this.audit.read(LIST, 'patient', patientId, [patientId], { count: found.rows.length });
    return found;
  }

  /** A doctor's schedule: the doctor themself, staff with appointments.view.all, admin. */
  async listForDoctor(doctorId: string, page: Page, now: Date): Promise<{ rows: AppointmentListRow[]; total: number }> {
    const { userId, role } = this.scope.actor;
    const allowed = role === 'doctor' ? doctorId === userId : role === 'admin' || (role === 'staff' && (await this.viewAll()));
    if (!allowed || !isUuid(doctorId) || !(await this.isDoctor(doctorId))) {
      this.audit.missed(LIST, 'doctor', doctorId);
      throw AppError.notFound();
    }
    const found = await this.page(eq(appointments.doctorId, doctorId), page, now);
    this.audit.read(LIST, 'doctor', doctorId, this.subjects(found.rows), { count: found.rows.length, when: page.when, page: page.page });
    return found;
  }

  /** Every appointment the caller reaches (their own, for a patient or doctor) between two instants, in time order. */
  async between(from: Date, to: Date, date: string): Promise<AppointmentListRow[]> {
    const rows = await selectAppointments(this.db)
      .where(and((await this.own()) ?? (await this.reach()), gte(appointments.startsAt, from), lt(appointments.startsAt, to)))
      .orderBy(asc(appointments.startsAt), asc(appointments.id));
    this.audit.read('appointment.today', 'appointment', null, this.subjects(rows), { count: rows.length, date });
    return rows;
  }

  /** One patient's newest appointments (at most `limit`), for the chart (which notes the read). */
  async forChart(patientId: string, limit: number): Promise<AppointmentListRow[]> {
    await this.reachPatient(patientId, 'chart.read');
    return selectAppointments(this.db)
      .where(eq(appointments.patientId, patientId))
      .orderBy(desc(appointments.startsAt), desc(appointments.id))
      .limit(limit);
  }

  /** The signed-in doctor's own appointments between two instants (every status), in time order, noted. */
  async doctorSchedule(from: Date, to: Date, days: { from: string; to: string }): Promise<AppointmentListRow[]> {
    const rows = await selectAppointments(this.db)
      .where(and(this.ownSchedule(), gte(appointments.startsAt, from), lt(appointments.startsAt, to)))
      .orderBy(asc(appointments.startsAt), asc(appointments.id));
    this.audit.read('appointment.schedule', 'doctor', this.scope.actor.userId, this.subjects(rows), { count: rows.length, ...days });
    return rows;
  }

  /** How many of the signed-in doctor's appointments between two instants are not cancelled, and how many are checked in. Counts only. */
  async doctorDayCounts(from: Date, to: Date): Promise<{ visits: number; waiting: number }> {
    const [row] = await this.db
      .select({
        visits: sql<number>`count(*) filter (where ${appointments.status} <> 'cancelled')`.mapWith(Number),
        waiting: sql<number>`count(*) filter (where ${appointments.status} = 'checked-in')`.mapWith(Number),
      })
      .from(appointments)
      .where(and(this.ownSchedule(), gte(appointments.startsAt, from), lt(appointments.startsAt, to)));
    return { visits: row?.visits ?? 0, waiting: row?.waiting ?? 0 };
  }

  /** One of the signed-in doctor's own appointments; 404 (noted, naming nobody) for anyone else's or a missing one. */
  async doctorsOwn(id: string, action: AuditActionCode): Promise<AppointmentListRow> {
    const [row] = isUuid(id)
      ? await selectAppointments(this.db)
          .where(and(eq(appointments.id, id), this.ownSchedule()))
          .limit(1)
      : [];
    if (!row) {
      this.audit.missed(action, 'appointment', id);
      throw AppError.notFound();
    }
    return row;
  }

  /**
   * Moves the doctor's own appointment on to `status`, but only while it is still in one of `from`
   * (so two tabs racing on one visit cannot both take a step); noted. Undefined when it had moved on.
   */
  async setVisitStatus(
    row: AppointmentListRow,
    from: readonly AppointmentStatus[],
    status: AppointmentStatus,
    action: AuditActionCode,
    now: Date,
  ): Promise<AppointmentListRow | undefined> {
    const [changed] = await this.db
      .update(appointments)
      .set({
        status,
        updatedAt: now,
        // Starting a visit nobody checked in at the desk means the patient is there now.
        ...(status === 'in-progress' ? { checkedInAt: sql`coalesce(${appointments.checkedInAt}, ${now.toISOString()})` } : {}),
      })
      .where(and(eq(appointments.id, row.id), this.ownSchedule(), inArray(appointments.status, [...from])))
      .returning({ id: appointments.id });
    if (!changed) return undefined;
    const [updated] = await selectAppointments(this.db).where(eq(appointments.id, row.id)).limit(1);
    this.audit.note({
      action,
      resourceType: 'appointment',
      resourceId: row.id,
      patients: [row.patientId],
      details: { from: row.status, to: status },
    });
    return updated;
  }

  /** A visit step the appointment's status or the clock does not allow, noted under its patient. */
  refusedVisit(action: AuditActionCode, row: AppointmentListRow, reason: string): void {
    this.audit.note({
      action,
      outcome: 'failure',
      resourceType: 'appointment',
      resourceId: row.id,
      patients: [row.patientId],
      details: { reason, status: row.status },
    });
  }

  /**
   * A doctor's appointments between two instants that may still change hands (requested or
   * scheduled), for the coverage of an approved leave. Ids and patients only; the leave's decision
   * notes them.
   */
  async coverable(doctorId: string, from: Date, to: Date): Promise<{ id: string; patientId: string }[]> {
    return this.db
      .select({ id: appointments.id, patientId: appointments.patientId })
      .from(appointments)
      .where(
        and(
          eq(appointments.doctorId, doctorId),
          inArray(appointments.status, ['requested', 'scheduled']),
          gte(appointments.startsAt, from),
          lt(appointments.startsAt, to),
        ),
      )
      .orderBy(asc(appointments.startsAt), asc(appointments.id));
  }

  /**
   * Moves an appointment of a doctor on leave to the colleague who took its coverage offer, noted
   * under its patient. 'gone' when it is no longer the absent doctor's or no longer requested or
   * scheduled; 'busy' when the colleague has another appointment or time off then (the unique index
   * of a doctor's start times judges two moves racing to one start).
   */
  async reassignForCoverage(
    id: string,
    fromDoctorId: string,
    toDoctorId: string,
    now: Date,
  ): Promise<AppointmentListRow | 'gone' | 'busy'> {
    const [row] = await selectAppointments(this.db)
      .where(
        and(eq(appointments.id, id), eq(appointments.doctorId, fromDoctorId), inArray(appointments.status, ['requested', 'scheduled'])),
      )
      .limit(1);
    if (!row) return 'gone';
    const endsAt = new Date(row.startsAt.getTime() + row.durationMinutes * 60_000);
    const ends = sql`${appointments.startsAt} + make_interval(mins => ${appointments.durationMinutes})`;
    const [clash] = await this.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.doctorId, toDoctorId),
          ne(appointments.status, 'cancelled'),
          lt(appointments.startsAt, endsAt),
          sql`${ends} > ${row.startsAt.toISOString()}`,
        ),
      )
      .limit(1);
    const [away] = await this.db
      .select({ id: doctorTimeOff.id })
      .from(doctorTimeOff)
      .where(and(eq(doctorTimeOff.doctorId, toDoctorId), lt(doctorTimeOff.startsAt, endsAt), gt(doctorTimeOff.endsAt, row.startsAt)))
      .limit(1);
    if (clash || away) return 'busy';
    try {
      // A savepoint: the index's refusal undoes only this step; the caller decides what follows.
      await this.db.transaction(async (txn) => {
        await (txn as unknown as Database)
          .update(appointments)
          .set({ doctorId: toDoctorId, updatedAt: now })
          .where(and(eq(appointments.id, id), eq(appointments.doctorId, fromDoctorId)));
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return 'busy';
    }
    const [moved] = await selectAppointments(this.db).where(eq(appointments.id, id)).limit(1);
    this.audit.note({
      action: 'appointment.reassign',
      resourceType: 'appointment',
      resourceId: id,
      patients: [row.patientId],
      details: { from: fromDoctorId, to: toDoctorId, reason: 'coverage' },
    });
    return moved!;
  }

  /** An appointment_update to the patient and the doctor, sent once the write commits. */
  pushUpdate(row: AppointmentListRow, timestamp: string): void {
    this.effects.push({
      recipients: [row.patientId, row.doctorId],
      event: {
        type: 'appointment_update',
        action: 'updated',
        appointmentId: row.id,
        patientId: row.patientId,
        doctorId: row.doctorId,
        timestamp,
      },
    });
  }

  /** The signed-in doctor's own schedule; nothing for anyone else (the routes admit doctors only). */
  private ownSchedule(): SQL {
    const { userId, role } = this.scope.actor;
    return role === 'doctor' ? eq(appointments.doctorId, userId) : sql`false`;
  }

  private async page(where: SQL | undefined, options: Page, now: Date): Promise<{ rows: AppointmentListRow[]; total: number }> {
    const timing =
      options.when === 'upcoming' ? gte(appointments.startsAt, now) : options.when === 'past' ? lt(appointments.startsAt, now) : undefined;
    const condition = and(where, timing);
    const order =
      options.when === 'upcoming'
        ? [asc(appointments.startsAt), asc(appointments.id)]
        : [desc(appointments.startsAt), desc(appointments.id)];
    const rows = await selectAppointments(this.db)
      .where(condition)
      .orderBy(...order)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    const [counted] = await this.db.select({ n: count() }).from(appointments).where(condition);
    return { rows, total: counted?.n ?? 0 };
  }

  /** A patient's own appointments, a doctor's own schedule; undefined for staff and admin. */
  private async own(): Promise<SQL | undefined> {
    const { userId, role } = this.scope.actor;
    if (role === 'patient') return eq(appointments.patientId, userId);
    if (role === 'doctor') return eq(appointments.doctorId, userId);
    return undefined;
  }

  /**
   * Which appointments a caller reaches: those of patients in their scope, and for a doctor also
   * every appointment booked with them (which puts its patient in their care anyway). Staff
   * holding appointments.view.all reach the organisation's schedule.
   */
  private async reach(): Promise<SQL> {
    const { actor } = this.scope;
    if (actor.role === 'admin' || (actor.role === 'staff' && (await this.viewAll()))) return sql`true`;
    if (actor.role === 'doctor')
      return sql`(${appointments.doctorId} = ${actor.userId} or ${this.scope.condition(appointments.patientId)})`;
    return this.scope.condition(appointments.patientId);
  }

  private async viewAll(): Promise<boolean> {
    return (await this.work.ctx.permissions()).has('appointments.view.all');
  }

  private async patientInReach(patientId: string): Promise<boolean> {
    if (!isUuid(patientId)) return false;
    if (this.scope.actor.role === 'staff' && (await this.viewAll())) return this.isPatient(patientId);
    return this.scope.reaches(patientId);
  }

  /**
   * Whose read it was: every patient in the answer; a patient's own list concerns them even when
   * empty ("you have nothing today" is about them too).
   */
  private subjects(rows: readonly AppointmentListRow[]): string[] {
    return this.scope.actor.role === 'patient' ? [this.scope.actor.userId] : [...new Set(rows.map((row) => row.patientId))];
  }

  private async isPatient(patientId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: patientProfiles.userId })
      .from(patientProfiles)
      .where(eq(patientProfiles.userId, patientId))
      .limit(1);
    return row !== undefined;
  }

  private async isDoctor(doctorId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: doctorProfiles.userId })
      .from(doctorProfiles)
      .where(eq(doctorProfiles.userId, doctorId))
      .limit(1);
    return row !== undefined;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
