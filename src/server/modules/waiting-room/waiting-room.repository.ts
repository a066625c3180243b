import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { WAITING_ROOM } from '../../../contracts/waiting-room';
import type { AppointmentStatus } from '../../../contracts/appointments';
import { appointments, users } from '../../db/schema';
import { Repository } from '../../platform/unit-of-work';

// What the waiting-room display reads: the day's check-ins, with the patient reduced to initials
// in the query itself (no name, id, e-mail or phone leaves the database for this screen), and the
// doctors' day for the estimated waits. The read is noted without naming patients: the board
// carries only initials and tickets, and a display asks again at every change of the queue, which
// would otherwise fill every waiting patient's access log with the screen's refreshes.

export interface CheckInRow {
  appointmentId: string;
  doctorId: string;
  status: AppointmentStatus;
  initials: string;
}

export interface DayVisitRow {
  id: string;
  doctorId: string;
  startsAt: Date;
  durationMinutes: number;
  status: AppointmentStatus;
}

export class WaitingRoomRepository extends Repository {
  /** Every check-in between two instants (the clinic's day), in the order they were made. */
  async checkIns(from: Date, to: Date): Promise<CheckInRow[]> {
    return this.db
      .select({
        appointmentId: appointments.id,
        doctorId: appointments.doctorId,
        status: appointments.status,
        initials: sql<string>`upper(left(btrim(${users.firstName}), 1) || left(btrim(${users.lastName}), 1))`,
      })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.patientId))
      .where(and(gte(appointments.checkedInAt, from), lt(appointments.checkedInAt, to)))
      .orderBy(asc(appointments.checkedInAt), asc(appointments.id))
      .limit(WAITING_ROOM.maxCheckInsPerDay);
  }

  /** The doctors' visits starting between two instants (not cancelled), in time order: their queues. */
  async doctorsDay(doctorIds: readonly string[], from: Date, to: Date): Promise<DayVisitRow[]> {
    if (doctorIds.length === 0) return [];
    return this.db
      .select({
        id: appointments.id,
        doctorId: appointments.doctorId,
        startsAt: appointments.startsAt,
        durationMinutes: appointments.durationMinutes,
        status: appointments.status,
      })
      .from(appointments)
      .where(
        and(
          inArray(appointments.doctorId, [...doctorIds]),
          ne(appointments.status, 'cancelled'),
          gte(appointments.startsAt, from),
          lt(appointments.startsAt, to),
        ),
      )
      .orderBy(asc(appointments.startsAt), asc(appointments.id));
  }

  /** The doctors' names as patients know them. */
  async doctorNames(doctorIds: readonly string[]): Promise<Map<string, { firstName: string; lastName: string }>> {
    if (doctorIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [...doctorIds]));
    return new Map(rows.map((row) => [row.id, { firstName: row.firstName, lastName: row.lastName }]));
  }

  noteRead(date: string, tickets: number): void {
    this.audit.read('staff.waiting-room', 'appointment', null, [], { date, tickets });
  }
}
