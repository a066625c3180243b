import { and, asc, eq, gte, inArray, isNull, lt, ne, or, gt, sql, type SQL } from 'drizzle-orm';
import type { AuditActionCode } from '../../../contracts/audit';
import type { AppointmentStatus } from '../../../contracts/appointments';
import type { Permission } from '../../../contracts/permission-catalogue';
import { appointments, parkingReservations, permissions, userPermissions, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';
import { freeParkingSpotOf, selectAppointments, type AppointmentListRow } from './appointments.repository';

// The front desk's reads and changes of the clinic's appointments. The desk reaches an appointment
// when the caller is an admin, or staff holding appointments.view.all whose patient scope reaches
// its patient (patients.view.all); anyone else's answers 404 like a missing one, noted without
// naming anyone. Every change is noted under its patient, and the live update goes to the patient,
// the doctor and the desk (the staff who run the schedule) once the write commits.

export type DeskAction = 'created' | 'updated' | 'cancelled';

export interface DayCounts {
  appointments: number;
  checkedIn: number;
  waiting: number;
  averageWaitMinutes: number | null;
  noShows: number;
  pendingRequests: number;
  parkingReserved: number;
  parkingOccupied: number;
}

export interface ParkingVisitRow {
  appointmentId: string;
  patientId: string;
  startsAt: Date;
  firstName: string;
  lastName: string;
  licensePlate: string | null;
}

export class FrontDeskRepository extends Repository {
  /** Requests still waiting for approval, from `now` on, soonest first; noted with their patients. */
  async pending(now: Date): Promise<AppointmentListRow[]> {
    const rows = await selectAppointments(this.db)
      .where(and(await this.deskReach(), eq(appointments.status, 'requested'), gte(appointments.startsAt, now)))
      .orderBy(asc(appointments.startsAt), asc(appointments.id))
      .limit(200);
    this.audit.read('appointment.requests', 'appointment', null, unique(rows.map((r) => r.patientId)), { count: rows.length });
    return rows;
  }

  /**
   * The day's counts over the appointments the desk reaches between two instants (the clinic's
   * day), and the requests from `now` on. Counts only: nobody is named.
   */
  async dayCounts(from: Date, to: Date, now: Date): Promise<DayCounts> {
    const reach = await this.deskReach();
    const inDay = and(reach, gte(appointments.startsAt, from), lt(appointments.startsAt, to));
    const [day] = await this.db
      .select({
        appointments: sql<number>`count(*) filter (where ${appointments.status} <> 'cancelled')`.mapWith(Number),
        checkedIn:
          sql<number>`count(*) filter (where ${appointments.checkedInAt} is not null and ${appointments.status} in ('checked-in', 'in-progress', 'completed'))`.mapWith(
            Number,
          ),
        waiting: sql<number>`count(*) filter (where ${appointments.status} = 'checked-in')`.mapWith(Number),
        waitedMinutes: sql<
          number | null
        >`avg(extract(epoch from (${now.toISOString()}::timestamptz - ${appointments.checkedInAt})) / 60) filter (where ${appointments.status} = 'checked-in' and ${appointments.checkedInAt} is not null)`.mapWith(
          (v) => (v === null ? null : Number(v)),
        ),
        noShows: sql<number>`count(*) filter (where ${appointments.status} = 'no-show')`.mapWith(Number),
      })
      .from(appointments)
      .where(inDay);
    const [requests] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(appointments)
      .where(and(reach, eq(appointments.status, 'requested'), gte(appointments.startsAt, now)));
    const [parking] = await this.db
      .select({
        reserved: sql<number>`count(*)`.mapWith(Number),
        occupied: sql<number>`count(*) filter (where ${appointments.status} in ('checked-in', 'in-progress'))`.mapWith(Number),
      })
      .from(parkingReservations)
      .innerJoin(appointments, eq(appointments.id, parkingReservations.appointmentId))
      .where(and(inDay, eq(parkingReservations.status, 'reserved'), ne(appointments.status, 'cancelled')));
    return {
      appointments: day?.appointments ?? 0,
      checkedIn: day?.checkedIn ?? 0,
      waiting: day?.waiting ?? 0,
      averageWaitMinutes: day?.waitedMinutes == null ? null : Math.max(0, Math.round(day.waitedMinutes)),
      noShows: day?.noShows ?? 0,
      pendingRequests: requests?.n ?? 0,
      parkingReserved: parking?.reserved ?? 0,
      parkingOccupied: parking?.occupied ?? 0,
    };
  }

  /** One appointment the desk reaches; 404 (noted, naming nobody) otherwise. */
  async find(id: string, action: AuditActionCode): Promise<AppointmentListRow> {
    const [row] = isUuid(id)
      ? await selectAppointments(this.db)
          .where(and(eq(appointments.id, id), await this.deskReach()))
          .limit(1)
      : [];
    if (!row) {
      this.audit.missed(action, 'appointment', id);
      throw AppError.notFound();
    }
    return row;
  }

  /**
   * The day's visits in person the desk reaches that could use a parking spot (scheduled, checked
   * in or being seen), soonest first, with the plate the patient gave; noted as the car park's read.
   */
  async parkingVisits(from: Date, to: Date): Promise<ParkingVisitRow[]> {
    const rows = await this.db
      .select({
        appointmentId: appointments.id,
        patientId: appointments.patientId,
        startsAt: appointments.startsAt,
        firstName: users.firstName,
        lastName: users.lastName,
        licensePlate: parkingReservations.licensePlate,
      })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.patientId))
      .leftJoin(
        parkingReservations,
        and(eq(parkingReservations.appointmentId, appointments.id), eq(parkingReservations.status, 'reserved')),
      )
      .where(
        and(
          await this.deskReach(),
          eq(appointments.type, 'in-person'),
          inArray(appointments.status, ['scheduled', 'checked-in', 'in-progress']),
          gte(appointments.startsAt, from),
          lt(appointments.startsAt, to),
        ),
      )
      .orderBy(asc(appointments.startsAt), asc(appointments.id))
      .limit(500);
    this.audit.read('parking.spots', 'parking_spot', null, unique(rows.map((r) => r.patientId)), { visits: rows.length });
    return rows;
  }

  /** Which of these appointments start between two instants: ids only, nobody named, so nothing to note. */
  async startingWithin(ids: readonly string[], from: Date, to: Date): Promise<Set<string>> {
    const known = ids.filter(isUuid);
    if (known.length === 0) return new Set();
    const rows = await this.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(inArray(appointments.id, known), gte(appointments.startsAt, from), lt(appointments.startsAt, to)));
    return new Set(rows.map((row) => row.id));
  }

  /**
   * One appointment the desk reaches, locked until the write ends so two desks giving it a parking
   * spot at once take turns; 404 (noted, naming nobody) otherwise.
   */
  async lockForParking(id: string, action: AuditActionCode): Promise<AppointmentListRow> {
    const row = await this.find(id, action);
    await this.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, row.id)).for('update');
    return row;
  }

  /** Requested → scheduled, only while still requested (two desks approving at once: one wins); noted. */
  async approve(row: AppointmentListRow, now: Date): Promise<AppointmentListRow | undefined> {
    return this.step(row, ['requested'], { status: 'scheduled', updatedAt: now }, 'appointment.approve', {});
  }

  /** Requested → cancelled with its parking, only while still requested; noted (that a reason was given, never the reason). */
  async decline(row: AppointmentListRow, now: Date): Promise<AppointmentListRow | undefined> {
    const declined = await this.step(row, ['requested'], { status: 'cancelled', cancelledAt: now, updatedAt: now }, 'appointment.decline', {
      withReason: true,
    });
    if (declined) await this.releaseParking(row.id, now);
    return declined;
  }

  /** Scheduled → checked-in, now; noted. Undefined when the visit moved on in the meantime. */
  async checkIn(row: AppointmentListRow, now: Date): Promise<AppointmentListRow | undefined> {
    return this.step(row, ['scheduled'], { status: 'checked-in', checkedInAt: now, updatedAt: now }, 'appointment.check-in', {});
  }

  /** A scheduled visit whose patient is running late: the time is noted, the status stays; noted. */
  async markLate(row: AppointmentListRow, now: Date): Promise<AppointmentListRow | undefined> {
    return this.step(row, ['scheduled'], { lateAt: now, updatedAt: now }, 'appointment.late', {});
  }

  /** Scheduled or checked in → no-show, with its parking released; noted. */
  async noShow(row: AppointmentListRow, now: Date): Promise<AppointmentListRow | undefined> {
    const changed = await this.step(row, ['scheduled', 'checked-in'], { status: 'no-show', updatedAt: now }, 'appointment.no-show', {
      by: 'desk',
    });
    if (changed) await this.releaseParking(row.id, now);
    return changed;
  }

  /** A step the appointment's status, day or clock does not allow, noted under its patient. */
  refused(action: AuditActionCode, row: AppointmentListRow, reason: string): void {
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
   * The live update of a change, to the desk (the staff who run the schedule and admins), as its
   * own message: the patient and the doctor hear of it from the change itself. Nobody when the desk
   * is only the patient or the doctor.
   */
  async pushDesk(row: AppointmentListRow, action: DeskAction, timestamp: string): Promise<void> {
    await this.pushWaitingRoom(timestamp);
    const desk = (await this.deskRecipients()).filter((id) => id !== row.patientId && id !== row.doctorId);
    if (desk.length === 0) return;
    this.effects.push({
      recipients: desk,
      event: { type: 'appointment_update', action, appointmentId: row.id, patientId: row.patientId, doctorId: row.doctorId, timestamp },
    });
  }

  /**
   * When a doctor's queue of the day changed (a check-in, a no-show), the other patients still
   * waiting for that doctor that day hear of their own appointment (never of anyone else's), so
   * their place and estimated wait refresh.
   */
  async pushQueue(row: AppointmentListRow, day: { from: Date; to: Date }, timestamp: string): Promise<void> {
    const waiting = await this.db
      .select({ id: appointments.id, patientId: appointments.patientId })
      .from(appointments)
      .where(
        and(
          eq(appointments.doctorId, row.doctorId),
          ne(appointments.id, row.id),
          inArray(appointments.status, ['requested', 'scheduled', 'checked-in']),
          gte(appointments.startsAt, day.from),
          lt(appointments.startsAt, day.to),
        ),
      );
    for (const other of waiting) {
      this.effects.push({
        recipients: [other.patientId],
        event: {
          type: 'appointment_update',
          action: 'updated',
          appointmentId: other.id,
          patientId: other.patientId,
          doctorId: row.doctorId,
          timestamp,
        },
      });
    }
  }

  /**
   * The waiting-room displays (active staff holding appointments.queue.display now) hear that the
   * queues changed, and nothing more: no appointment, patient or doctor is named to a screen that
   * shows only tickets. Whoever also runs the schedule hears of the change itself as well.
   */
  private async pushWaitingRoom(timestamp: string): Promise<void> {
    const displays = await this.activeStaffHolding('appointments.queue.display');
    if (displays.length === 0) return;
    this.effects.push({ recipients: displays, event: { type: 'waiting_room_update', timestamp } });
  }

  /** The people running the schedule: active admins, and active staff holding appointments.view.all now. */
  async deskRecipients(): Promise<string[]> {
    const admins = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    const staff = await this.activeStaffHolding('appointments.view.all');
    return unique([...admins.map((r) => r.id), ...staff]);
  }

  /** Active staff members holding `permission` now (granted, active, not expired). */
  private async activeStaffHolding(permission: Permission): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userPermissions, eq(userPermissions.userId, users.id))
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(
        and(
          eq(users.role, 'staff'),
          eq(users.isActive, true),
          eq(permissions.permission, permission),
          eq(userPermissions.isActive, true),
          or(isNull(userPermissions.expiresAt), gt(userPermissions.expiresAt, sql`now()`)),
        ),
      );
    return rows.map((row) => row.id);
  }

  private async step(
    row: AppointmentListRow,
    from: readonly AppointmentStatus[],
    set: Partial<typeof appointments.$inferInsert>,
    action: AuditActionCode,
    details: Record<string, unknown>,
  ): Promise<AppointmentListRow | undefined> {
    const [changed] = await this.db
      .update(appointments)
      .set(set)
      .where(and(eq(appointments.id, row.id), inArray(appointments.status, [...from])))
      .returning({ id: appointments.id });
    if (!changed) return undefined;
    const [updated] = await selectAppointments(this.db).where(eq(appointments.id, row.id)).limit(1);
    this.audit.note({
      action,
      resourceType: 'appointment',
      resourceId: row.id,
      patients: [row.patientId],
      details: { from: row.status, to: updated?.status ?? row.status, ...details },
    });
    return updated;
  }

  private async releaseParking(appointmentId: string, now: Date): Promise<void> {
    await this.db
      .update(parkingReservations)
      .set({ status: 'cancelled' })
      .where(and(eq(parkingReservations.appointmentId, appointmentId), eq(parkingReservations.status, 'reserved')));
    await freeParkingSpotOf(this.db, appointmentId, now);
  }

  /** Admin: every appointment; staff: with appointments.view.all, the patients their scope reaches; nobody else. */
  private async deskReach(): Promise<SQL> {
    const { role } = this.scope.actor;
    if (role === 'admin') return sql`true`;
    if (role !== 'staff' || !(await this.work.ctx.permissions()).has('appointments.view.all')) return sql`false`;
    return this.scope.condition(appointments.patientId);
  }
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
