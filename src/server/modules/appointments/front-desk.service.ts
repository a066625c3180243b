import type { Appointment } from '../../../contracts/appointments';
import type { AuditActionCode } from '../../../contracts/audit';
import { BOOKING_MESSAGES } from '../../../contracts/booking';
import { FRONT_DESK_MESSAGES, type ApproveRequest, type ArrivalAction, type PendingRequestsResponse } from '../../../contracts/front-desk';
import { doctorNameParams, NOTIFICATION_LINKS, patientNameParams } from '../../../contracts/notifications';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import { englishDoctorName } from '../../platform/english-names';
import type { ClinicClock } from '../../platform/clinic-clock';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { NotificationsService } from '../notifications/notifications.service';
import type { AppointmentListRow } from './appointments.repository';
import { toAppointment } from './appointments.service';
import type { BookingService } from './booking.service';
import { FrontDeskRepository, type DayCounts, type ParkingVisitRow } from './front-desk.repository';
import { nextDate, wallClock, zonedInstant } from './slots';

// The front desk's side of the clinic's appointments: the requests waiting for approval and the
// arrival steps of the day. A move at approval goes through the booking service's slot rules (one
// judge of a race: the unique index). Each step is one write: the change, its audit note, the
// patient's notification and the live updates to the patient, the doctor and the desk commit
// together; a refused step changes nothing and tells nobody.

export interface FrontDeskOptions {
  /** The clinic's zone and opening hours, asked at call time (an admin may change them). */
  clinic: ClinicClock;
  clock?: () => Date;
  /** Runs after an approval commits: an approved visit may already be due a reminder, as a booking may. */
  afterApproved?: () => void;
}

type MoveInput = NonNullable<ApproveRequest['move']>;

export class FrontDeskService {
  private readonly clock: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly booking: Pick<BookingService, 'moveIn' | 'announceIn'>,
    private readonly notifications: NotificationsService,
    private readonly options: FrontDeskOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** Requests from now on still waiting for approval, soonest first. */
  pending(ctx: AccessContext): Promise<PendingRequestsResponse> {
    return this.uow.read(ctx, async (work) => ({ data: (await work.use(FrontDeskRepository).pending(this.clock())).map(toAppointment) }));
  }

  /**
   * Approves a request as asked, or at another free time of the same doctor (`move`, which needs
   * appointments.reschedule as well). Two desks approving at once: one wins, the other hears
   * REQUEST_NOT_PENDING; a taken slot answers SLOT_TAKEN and nothing changes.
   */
  async approve(ctx: AccessContext, id: string, input: ApproveRequest): Promise<Appointment> {
    const moveTo = input.move ? instantOf(input.move) : undefined;
    const outcome = await this.uow.write(ctx, async (work): Promise<{ appointment: Appointment } | { taken: true }> => {
      const desk = work.use(FrontDeskRepository);
      let row = await desk.find(id, 'appointment.approve');
      if (row.status !== 'requested') {
        desk.refused('appointment.approve', row, 'not_requested');
        throw new AppError('REQUEST_NOT_PENDING', FRONT_DESK_MESSAGES.notRequested);
      }
      if (moveTo && moveTo.getTime() !== row.startsAt.getTime()) {
        if (!(await ctx.can('appointments.reschedule'))) {
          desk.refused('appointment.approve', row, 'move_not_permitted');
          throw new AppError('FORBIDDEN', 'Moving a request to another time needs the permission to reschedule.');
        }
        const moved = await this.booking.moveIn(work, row, moveTo);
        if (!moved) return { taken: true };
        row = moved;
      }
      const approved = await desk.approve(row, this.clock());
      if (!approved) {
        desk.refused('appointment.approve', row, 'status_changed');
        throw new AppError('REQUEST_NOT_PENDING', FRONT_DESK_MESSAGES.notRequested);
      }
      await this.tell(work, approved, 'approved');
      if (this.options.afterApproved) desk.afterCommit(this.options.afterApproved);
      return { appointment: toAppointment(approved) };
    });
    if ('taken' in outcome) throw new AppError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
    return outcome.appointment;
  }

  /** Declines a request; the patient reads the reason in their notification (the audit notes only that one was given). */
  decline(ctx: AccessContext, id: string, reason: string): Promise<Appointment> {
    return this.uow.write(ctx, async (work) => {
      const desk = work.use(FrontDeskRepository);
      const row = await desk.find(id, 'appointment.decline');
      const declined = row.status === 'requested' ? await desk.decline(row, this.clock()) : undefined;
      if (!declined) {
        desk.refused('appointment.decline', row, 'not_requested');
        throw new AppError('REQUEST_NOT_PENDING', FRONT_DESK_MESSAGES.notRequested);
      }
      await this.tell(work, declined, 'declined', reason);
      return toAppointment(declined);
    });
  }

  /**
   * An arrival step on one of today's visits (the clinic's day): check-in (scheduled only; twice
   * answers ALREADY_CHECKED_IN, a cancelled one APPOINTMENT_CANCELLED), late (scheduled only, the
   * status stays) or no-show (scheduled or checked in, after the start). Anything else answers
   * ARRIVAL_NOT_ALLOWED and changes nothing.
   */
  arrival(ctx: AccessContext, id: string, action: ArrivalAction): Promise<Appointment> {
    const code = action === 'check-in' ? 'appointment.check-in' : action === 'late' ? 'appointment.late' : 'appointment.no-show';
    return this.uow.write(ctx, async (work) => {
      const desk = work.use(FrontDeskRepository);
      const row = await desk.find(id, code);
      const now = this.clock();
      const day = this.today(now);
      const refuse = (reason: string, error: AppError): never => {
        desk.refused(code, row, reason);
        throw error;
      };
      if (row.status === 'cancelled') refuse('cancelled', new AppError('APPOINTMENT_CANCELLED', FRONT_DESK_MESSAGES.cancelled));
      if (action === 'check-in' && row.checkedInAt !== null) {
        refuse('already_checked_in', new AppError('ALREADY_CHECKED_IN', FRONT_DESK_MESSAGES.alreadyCheckedIn));
      }
      if (row.startsAt < day.from || row.startsAt >= day.to)
        refuse('not_today', new AppError('ARRIVAL_NOT_ALLOWED', FRONT_DESK_MESSAGES.notToday));
      if (action === 'no-show' && now < row.startsAt) {
        refuse('before_start', new AppError('ARRIVAL_NOT_ALLOWED', FRONT_DESK_MESSAGES.noShowTooEarly));
      }
      const changed =
        action === 'check-in'
          ? await desk.checkIn(row, now)
          : action === 'late'
            ? await desk.markLate(row, now)
            : await desk.noShow(row, now);
      if (!changed) refuse('status', new AppError('ARRIVAL_NOT_ALLOWED', FRONT_DESK_MESSAGES.arrivalStatus));
      const updated = changed!;
      const timestamp = now.toISOString();
      await this.booking.announceIn(work, updated, 'updated', { notify: false });
      await desk.pushQueue(updated, day, timestamp);
      return toAppointment(updated);
    });
  }

  /** For the staff home, in its work: the counts of the clinic's `date` (a calendar day of the clinic's zone). */
  countsIn(work: Work, date: string): Promise<DayCounts> {
    const zone = this.options.clinic.timeZone();
    return work.use(FrontDeskRepository).dayCounts(startOfDay(date, zone), startOfDay(nextDate(date), zone), this.clock());
  }

  /** The clinic's calendar day now (YYYY-MM-DD in its zone). */
  clinicToday(): string {
    return wallClock(this.clock(), this.options.clinic.timeZone()).slice(0, 10);
  }

  /** For the car park, in its work: the visits in person of the clinic's `date` the caller reaches, noted as its read. */
  parkingVisitsIn(work: Work, date: string): Promise<ParkingVisitRow[]> {
    const day = this.dayOf(date);
    return work.use(FrontDeskRepository).parkingVisits(day.from, day.to);
  }

  /**
   * For the car park, in its work: which of the visits its spots hold start on the clinic's `date`.
   * Ids only, whoever the patients are: what a spot shows on that day, never who holds it.
   */
  startingOnIn(work: Work, appointmentIds: readonly string[], date: string): Promise<Set<string>> {
    const day = this.dayOf(date);
    return work.use(FrontDeskRepository).startingWithin(appointmentIds, day.from, day.to);
  }

  /**
   * For the car park, in its write: one appointment the caller reaches (404 otherwise), locked for
   * the write, and whether it lies on the clinic's today.
   */
  async parkingVisitIn(work: Work, id: string, action: AuditActionCode): Promise<{ row: AppointmentListRow; today: boolean }> {
    const row = await work.use(FrontDeskRepository).lockForParking(id, action);
    const day = this.today(this.clock());
    return { row, today: row.startsAt >= day.from && row.startsAt < day.to };
  }

  /** For the car park, in its write: a refused step on a visit, noted under its patient. */
  refusedIn(work: Work, action: AuditActionCode, row: AppointmentListRow, reason: string): void {
    work.use(FrontDeskRepository).refused(action, row, reason);
  }

  /** The people running the day's schedule (admins, staff holding appointments.view.all): who hears of the car park's changes. */
  deskRecipientsIn(work: Work): Promise<string[]> {
    return work.use(FrontDeskRepository).deskRecipients();
  }

  /** The patient's notification of the desk's answer, and the live updates to everyone concerned. */
  private async tell(work: Work, row: AppointmentListRow, answer: 'approved' | 'declined', reason?: string): Promise<void> {
    const doctor = { firstName: row.doctorFirstName, lastName: row.doctorLastName };
    const doctorName = englishDoctorName(doctor);
    const patient = { firstName: row.patientFirstName, lastName: row.patientLastName };
    const when = `${wallClock(row.startsAt, this.options.clinic.timeZone()).replace('T', ' ')} (${this.options.clinic.timeZone()})`;
    await this.notifications.notifyIn(work, row.patientId, {
      type: 'appointment',
      title: answer === 'approved' ? 'Appointment request approved' : 'Appointment request declined',
      message:
        answer === 'approved'
          ? `Your appointment request with ${doctorName} is approved for ${when}.`
          : `Your appointment request with ${doctorName} for ${when} was declined: ${reason ?? ''}`,
      priority: answer === 'approved' ? 'medium' : 'high',
      actionUrl: NOTIFICATION_LINKS.patientAppointments,
      metadata: { appointmentId: row.id, ...doctorNameParams(doctor), ...patientNameParams(patient), consultationType: row.type },
      code: `appointment.patient_${answer}`,
      params: {
        ...doctorNameParams(doctor),
        ...patientNameParams(patient),
        startsAt: row.startsAt.toISOString(),
        ...(reason ? { reason } : {}),
      },
    });
    // The doctor hears of an approved visit as of a booking; a declined request never was on their schedule.
    await this.booking.announceIn(work, row, answer === 'approved' ? 'created' : 'cancelled', {
      notify: answer === 'approved' ? 'doctor' : false,
    });
  }

  /** Today's calendar day of the clinic, as instants. */
  private today(now: Date): { from: Date; to: Date } {
    return this.dayOf(wallClock(now, this.options.clinic.timeZone()).slice(0, 10));
  }

  /** A calendar day of the clinic, as instants. */
  private dayOf(date: string): { from: Date; to: Date } {
    const zone = this.options.clinic.timeZone();
    return { from: startOfDay(date, zone), to: startOfDay(nextDate(date), zone) };
  }
}

function instantOf(move: MoveInput): Date {
  const at = zonedInstant(move.date, move.time, move.timeZone);
  if (!at) throw new AppError('VALIDATION_FAILED', 'This time does not exist in your time zone.', { 'move.time': 'choice.invalid' });
  return at;
}

function startOfDay(date: string, zone: string): Date {
  return zonedInstant(date, '00:00', zone) ?? zonedInstant(date, '01:00', zone)!;
}
