import { eq } from 'drizzle-orm';
import type { Appointment, AppointmentListResponse, TodayResponse } from '../../../contracts/appointments';
import { appointments } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { AuditLog } from '../../platform/audit';
import { auditMissedRead, auditPatientReads, type ReadContext } from '../../platform/patient-read-audit';
import type { PatientScope } from '../../platform/patient-scope';
import type { Database } from '../../db/client';
import type { Work } from '../../platform/unit-of-work';
import { AppointmentsRepository, type AppointmentListRow, type When } from './appointments.repository';

// Reads of appointments (spec §7 cache keys /api/appointments, /patient/{id}, /doctor/{id},
// /today). Every patient whose appointment leaves the server is on the audit trail.

export interface ListOptions {
  when: When;
  page: number;
  pageSize: number;
}

export class AppointmentsService {
  constructor(
    private readonly repository: AppointmentsRepository,
    private readonly audit: AuditLog,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The caller's own: a patient's appointments, a doctor's schedule; staff and admin the schedule they reach. */
  async listOwn(scope: PatientScope, viewAll: boolean, options: ListOptions, context: ReadContext): Promise<AppointmentListResponse> {
    const { userId, role } = scope.actor;
    const own = role === 'patient' ? eq(appointments.patientId, userId) : role === 'doctor' ? eq(appointments.doctorId, userId) : undefined;
    const where = own ?? this.repository.reach(scope, viewAll);
    return this.page(scope, where, options, context, { action: 'appointment.list', resourceType: 'appointment' });
  }

  async listForPatient(
    scope: PatientScope,
    viewAll: boolean,
    patientId: string,
    options: ListOptions,
    context: ReadContext,
  ): Promise<AppointmentListResponse> {
    if (!(await this.patientInReach(scope, viewAll, patientId))) {
      await auditMissedRead(this.audit, context, { action: 'appointment.list', resourceType: 'patient', resourceId: patientId });
      throw AppError.notFound();
    }
    const { rows, total } = await this.repository.list(eq(appointments.patientId, patientId), { ...options, now: this.clock() });
    await auditPatientReads(
      this.audit,
      context,
      { action: 'appointment.list', resourceType: 'patient', resourceId: patientId, details: { count: rows.length } },
      [patientId],
    );
    return { data: rows.map(toAppointment), page: options.page, pageSize: options.pageSize, total };
  }

  /** A doctor's schedule: the doctor themself, staff with appointments.view.all, admin. */
  async listForDoctor(
    scope: PatientScope,
    viewAll: boolean,
    doctorId: string,
    options: ListOptions,
    context: ReadContext,
  ): Promise<AppointmentListResponse> {
    const { userId, role } = scope.actor;
    const allowed = role === 'doctor' ? doctorId === userId : role === 'admin' || (role === 'staff' && viewAll);
    if (!allowed || !(await this.repository.isDoctor(doctorId))) {
      await auditMissedRead(this.audit, context, { action: 'appointment.list', resourceType: 'doctor', resourceId: doctorId });
      throw AppError.notFound();
    }
    return this.page(scope, eq(appointments.doctorId, doctorId), options, context, {
      action: 'appointment.list',
      resourceType: 'doctor',
      resourceId: doctorId,
    });
  }

  /** Today's appointments in `timeZone` (UTC by default), within what the caller reaches. */
  async today(scope: PatientScope, viewAll: boolean, timeZone: string | undefined, context: ReadContext): Promise<TodayResponse> {
    const { userId, role } = scope.actor;
    const own = role === 'patient' ? eq(appointments.patientId, userId) : role === 'doctor' ? eq(appointments.doctorId, userId) : undefined;
    const where = own ?? this.repository.reach(scope, viewAll);
    const { date, from, to } = dayIn(this.clock(), timeZone ?? 'UTC');
    const rows = await this.repository.between(where, from, to);
    await auditPatientReads(
      this.audit,
      context,
      { action: 'appointment.today', resourceType: 'appointment', details: { count: rows.length, date } },
      subjects(scope, rows),
    );
    return { date, data: rows.map(toAppointment) };
  }

  /** One patient's appointments for the chart; the caller has checked reach and audits the chart read. */
  async forChart(patientId: string): Promise<Appointment[]> {
    return (await this.repository.forPatient(patientId)).map(toAppointment);
  }

  /** For the chart, in its work: the chart's repository has checked reach and notes the read. */
  async forChartIn(work: Work, patientId: string): Promise<Appointment[]> {
    return (await new AppointmentsRepository(work.db).forPatient(patientId)).map(toAppointment);
  }

  private async patientInReach(scope: PatientScope, viewAll: boolean, patientId: string): Promise<boolean> {
    if (scope.actor.role === 'staff' && viewAll) return this.repository.isPatient(patientId);
    return scope.reaches(patientId);
  }

  private async page(
    scope: PatientScope,
    where: Parameters<AppointmentsRepository['list']>[0],
    options: ListOptions,
    context: ReadContext,
    event: { action: string; resourceType: string; resourceId?: string },
  ): Promise<AppointmentListResponse> {
    const { rows, total } = await this.repository.list(where, { ...options, now: this.clock() });
    await auditPatientReads(
      this.audit,
      context,
      { ...event, details: { count: rows.length, when: options.when, page: options.page } },
      subjects(scope, rows),
    );
    return { data: rows.map(toAppointment), page: options.page, pageSize: options.pageSize, total };
  }
}

/** The service on `db`: how other modules (the chart) use appointments without this module's repository. */
export function createAppointmentsService(db: Database, audit: AuditLog): AppointmentsService {
  return new AppointmentsService(new AppointmentsRepository(db), audit);
}

/**
 * Whose read it was: every patient in the answer; a patient's own list concerns them even when
 * empty ("you have nothing today" is about them too).
 */
function subjects(scope: PatientScope, rows: readonly AppointmentListRow[]): string[] {
  return scope.actor.role === 'patient' ? [scope.actor.userId] : rows.map((row) => row.patientId);
}

export function toAppointment(row: AppointmentListRow): Appointment {
  return {
    id: row.id,
    patientId: row.patientId,
    doctorId: row.doctorId,
    patient: { id: row.patientId, firstName: row.patientFirstName, lastName: row.patientLastName },
    doctor: { id: row.doctorId, firstName: row.doctorFirstName, lastName: row.doctorLastName, specialty: row.doctorSpecialty },
    startsAt: row.startsAt.toISOString(),
    endsAt: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000).toISOString(),
    duration: row.durationMinutes,
    type: row.type,
    status: row.status,
    reason: row.reason,
    bookedBy: row.bookedBy,
    bookedByRole: row.bookedByRole,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    parkingReservation:
      row.parkingId && row.parkingLicensePlate && row.parkingArrivalAt && row.parkingDepartureAt && row.parkingStatus
        ? {
            id: row.parkingId,
            appointmentId: row.id,
            licensePlate: row.parkingLicensePlate,
            arrivalTime: row.parkingArrivalAt.toISOString(),
            departureTime: row.parkingDepartureAt.toISOString(),
            status: row.parkingStatus,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The calendar date of `now` in `timeZone`, and the instants that day starts and ends. */
export function dayIn(now: Date, timeZone: string): { date: string; from: Date; to: Date } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { date, from: zonedMidnight(y, m, d, timeZone), to: zonedMidnight(y, m, d + 1, timeZone) };
}

/** The instant of 00:00 on a calendar day in `timeZone` (offset looked up at that moment, so DST days are 23 or 25 h). */
function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const offset = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(at));
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - at;
  };
  const first = guess - offset(guess);
  return new Date(guess - offset(first));
}
