import type { Appointment, AppointmentListResponse, AppointmentStatus, TodayQuery, TodayResponse } from '../../../contracts/appointments';
import {
  DOCTOR_PORTAL_MESSAGES,
  VISIT_TRANSITIONS,
  type ScheduleItem,
  type ScheduleQuery,
  type ScheduleResponse,
  type VisitAction,
} from '../../../contracts/doctor-portal';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { AppointmentsRepository, type AppointmentListRow, type Page } from './appointments.repository';
import { FrontDeskRepository } from './front-desk.repository';
import { queuePlaces, type QueuePlace } from './queue';
import { nextDate, wallClock, zonedInstant } from './slots';

// Reads of appointments: the caller's own, the day's, one patient's, one doctor's schedule. Reach
// and audit are the repository's: every patient whose appointment leaves the server is named on
// the request's one audit event.

export type ListOptions = Page;

export class AppointmentsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The caller's own: a patient's appointments, a doctor's schedule; staff and admin the schedule they reach. */
  listOwn(ctx: AccessContext, options: ListOptions): Promise<AppointmentListResponse> {
    return this.uow.read(ctx, async (work) => answer(await work.use(AppointmentsRepository).listOwn(options, this.clock()), options));
  }

  listForPatient(ctx: AccessContext, patientId: string, options: ListOptions): Promise<AppointmentListResponse> {
    return this.uow.read(ctx, async (work) =>
      answer(await work.use(AppointmentsRepository).listForPatient(patientId, options, this.clock()), options),
    );
  }

  /** A doctor's schedule: the doctor themself, staff with appointments.view.all, admin. */
  listForDoctor(ctx: AccessContext, doctorId: string, options: ListOptions): Promise<AppointmentListResponse> {
    return this.uow.read(ctx, async (work) =>
      answer(await work.use(AppointmentsRepository).listForDoctor(doctorId, options, this.clock()), options),
    );
  }

  /**
   * Today's appointments in `timeZone` (UTC by default), within what the caller reaches, optionally
   * of one doctor, status or type. The clinic's side (not a patient) gets each doctor's queue,
   * counted over the whole day before the filters apply.
   */
  today(ctx: AccessContext, query: TodayQuery): Promise<TodayResponse> {
    const now = this.clock();
    const { date, from, to } = dayIn(now, query.timeZone ?? 'UTC');
    return this.uow.read(ctx, async (work) => {
      const rows = await work.use(AppointmentsRepository).between(from, to, date);
      const places = ctx.user.role === 'patient' ? new Map<string, QueuePlace>() : dayQueues(rows, now);
      const data = rows
        .filter(
          (row) =>
            (!query.doctorId || row.doctorId === query.doctorId) &&
            (!query.status || row.status === query.status) &&
            (!query.type || row.type === query.type),
        )
        .map((row) => {
          const place = places.get(row.id);
          return {
            ...toAppointment(row),
            queuePosition: place?.queuePosition ?? null,
            estimatedWaitTime: place?.estimatedWaitTime ?? null,
          };
        });
      return { date, data };
    });
  }

  /**
   * The signed-in doctor's own appointments on the calendar days [from, to] of the clinic's zone
   * (today when not given),
   * with today's queue: each visit still waiting gets its place among the day's visits still to be
   * seen (the same order the patient's own queue line counts in).
   */
  doctorSchedule(ctx: AccessContext, query: ScheduleQuery, clinicTimeZone: string): Promise<ScheduleResponse> {
    const today = wallClock(this.clock(), clinicTimeZone).slice(0, 10);
    const days = { from: query.from ?? today, to: query.to ?? today };
    const from = dayStart(days.from, clinicTimeZone);
    const to = dayStart(nextDate(days.to), clinicTimeZone);
    return this.uow.read(ctx, async (work) => {
      const rows = await work.use(AppointmentsRepository).doctorSchedule(from, to, days);
      return { clinicTimeZone, today, ...days, data: withQueue(rows, today, clinicTimeZone) };
    });
  }

  /**
   * A step of a visit by its doctor: start, complete, or no-show (only once its start has passed).
   * Someone else's appointment answers 404; a step its status does not allow answers 409. The
   * change, its audit note and the appointment_update push to the patient and the doctor commit
   * together.
   */
  visit(ctx: AccessContext, id: string, action: VisitAction): Promise<ScheduleItem> {
    const code = `appointment.${action}` as const;
    const transition = VISIT_TRANSITIONS[action];
    const from: readonly AppointmentStatus[] = transition.from;
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(AppointmentsRepository);
      const row = await repository.doctorsOwn(id, code);
      const now = this.clock();
      if (!from.includes(row.status)) {
        repository.refusedVisit(code, row, 'status');
        throw new AppError('VISIT_TRANSITION_INVALID', DOCTOR_PORTAL_MESSAGES.transition);
      }
      if (action === 'no-show' && now.getTime() < row.startsAt.getTime()) {
        repository.refusedVisit(code, row, 'before_start');
        throw new AppError('VISIT_TRANSITION_INVALID', DOCTOR_PORTAL_MESSAGES.noShowTooEarly);
      }
      const changed = await repository.setVisitStatus(row, from, transition.to, code, now);
      if (!changed) {
        // Another tab took a step on this visit between the read and the update.
        repository.refusedVisit(code, row, 'status_changed');
        throw new AppError('VISIT_TRANSITION_INVALID', DOCTOR_PORTAL_MESSAGES.transition);
      }
      repository.pushUpdate(changed, now.toISOString());
      await work.use(FrontDeskRepository).pushDesk(changed, 'updated', now.toISOString());
      return { ...toAppointment(changed), queuePosition: null };
    });
  }

  /** For the doctor's home, in its work: today's visits (not cancelled) and those checked in, counts only. */
  async doctorDayCountsIn(work: Work, date: string, clinicTimeZone: string): Promise<{ visits: number; waiting: number }> {
    return work.use(AppointmentsRepository).doctorDayCounts(dayStart(date, clinicTimeZone), dayStart(nextDate(date), clinicTimeZone));
  }

  /** For a leave's coverage, in its work: the doctor's appointments that may still change hands between two instants. */
  async coverableIn(work: Work, doctorId: string, from: Date, to: Date): Promise<{ id: string; patientId: string }[]> {
    return work.use(AppointmentsRepository).coverable(doctorId, from, to);
  }

  /**
   * For a coverage offer taken, in its work: the appointment moves to the colleague (noted), or
   * 'gone' / 'busy' when it cannot (see the repository).
   */
  async reassignForCoverageIn(work: Work, id: string, fromDoctorId: string, toDoctorId: string): Promise<Appointment | 'gone' | 'busy'> {
    const moved = await work.use(AppointmentsRepository).reassignForCoverage(id, fromDoctorId, toDoctorId, this.clock());
    return typeof moved === 'string' ? moved : toAppointment(moved);
  }

  /** For the chart, in its work: the chart's repository has checked reach and notes the read. */
  async forChartIn(work: Work, patientId: string, limit: number): Promise<Appointment[]> {
    return (await work.use(AppointmentsRepository).forChart(patientId, limit)).map(toAppointment);
  }
}

function answer(found: { rows: AppointmentListRow[]; total: number }, options: ListOptions): AppointmentListResponse {
  return { data: found.rows.map(toAppointment), page: options.page, pageSize: options.pageSize, total: found.total };
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
    lateAt: row.lateAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
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

/** Each doctor's queue over a day's rows (in time order). */
function dayQueues(rows: readonly AppointmentListRow[], now: Date): Map<string, QueuePlace> {
  const byDoctor = new Map<string, AppointmentListRow[]>();
  for (const row of rows) byDoctor.set(row.doctorId, [...(byDoctor.get(row.doctorId) ?? []), row]);
  const places = new Map<string, QueuePlace>();
  for (const day of byDoctor.values()) for (const [id, place] of queuePlaces(day, now)) places.set(id, place);
  return places;
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

const WAITING: readonly AppointmentStatus[] = ['requested', 'scheduled', 'checked-in'];
const DONE: readonly AppointmentStatus[] = ['completed', 'cancelled', 'no-show'];

/** Rows in time order → schedule items; today's waiting visits numbered among the day's visits still to be seen. */
function withQueue(rows: readonly AppointmentListRow[], today: string, zone: string): ScheduleItem[] {
  let ahead = 0;
  return rows.map((row) => {
    const isToday = wallClock(row.startsAt, zone).slice(0, 10) === today;
    if (!isToday || DONE.includes(row.status)) return { ...toAppointment(row), queuePosition: null };
    ahead += 1;
    return { ...toAppointment(row), queuePosition: WAITING.includes(row.status) ? ahead : null };
  });
}

/** 00:00 of a calendar day in `zone` (the first hour that exists where midnight is skipped by a clock change). */
function dayStart(date: string, zone: string): Date {
  for (let hour = 0; hour < 4; hour += 1) {
    const start = zonedInstant(date, `0${hour}:00`, zone);
    if (start) return start;
  }
  return new Date(`${date}T00:00:00Z`);
}
