import type { Appointment, AppointmentListResponse, TodayResponse } from '../../../contracts/appointments';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { AppointmentsRepository, type AppointmentListRow, type Page } from './appointments.repository';

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

  /** Today's appointments in `timeZone` (UTC by default), within what the caller reaches. */
  today(ctx: AccessContext, timeZone: string | undefined): Promise<TodayResponse> {
    const { date, from, to } = dayIn(this.clock(), timeZone ?? 'UTC');
    return this.uow.read(ctx, async (work) => ({
      date,
      data: (await work.use(AppointmentsRepository).between(from, to, date)).map(toAppointment),
    }));
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
