import { addCalendarDays, dayNumber } from '../../../contracts/dates';
import {
  SCHEDULE_LIMITS,
  type Availability,
  type CoverageListResponse,
  type CoverageOffer,
  type CreateLeave,
  type DecideLeave,
  type LeaveListQuery,
  type LeaveListResponse,
  type LeaveRequest,
  type UpdateAvailability,
} from '../../../contracts/leave';
import { doctorNameParams, NOTIFICATION_LINKS, previousDoctorNameParams } from '../../../contracts/notifications';
import { personNameOf } from '../../../contracts/person-name';
import { SPECIALTIES } from '../../../contracts/specialties';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import { englishDoctorName } from '../../platform/english-names';
import type { ClinicClock } from '../../platform/clinic-clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AppointmentsService } from '../appointments/appointments.service';
import { wallClock, zonedInstant } from '../appointments/slots';
import type { NotificationsService } from '../notifications/notifications.service';
import { LeaveRepository, type LeaveRow, type OfferRow } from './leave.repository';

// A doctor's working time and absences. Weekly hours and time off are the doctor's own to edit, and
// booking reads them directly, so a change shows in the next slot search. Leave is asked of an
// administrator; an approved leave becomes time off (so nothing more is booked then) and each
// appointment already booked in it is offered to colleagues of a suitable specialty. The first
// colleague to accept takes the appointment over, and its patient is told.

const MINUTE = 60_000;

export interface LeaveOptions {
  /** The clinic's zone and opening hours, asked at call time (an admin may change them). */
  clinic: ClinicClock;
  clock?: () => Date;
}

/**
 * Specialties whose doctors may see a visit of `specialty`: the same one first, then the others of
 * its category (contracts/specialties.ts). A specialty outside the catalogue is matched only by itself.
 */
export function suitableSpecialties(specialty: string): string[] {
  const own = SPECIALTIES.find((item) => item.name === specialty);
  if (!own) return [specialty];
  return [specialty, ...SPECIALTIES.filter((item) => item.category === own.category && item.name !== specialty).map((item) => item.name)];
}

export class LeaveService {
  private readonly clock: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationsService,
    private readonly appointments: AppointmentsService,
    private readonly options: LeaveOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  // ---- Weekly hours and time off ----

  availability(ctx: AccessContext): Promise<Availability> {
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(LeaveRepository);
      const doctorId = repository.caller().userId;
      repository.noteAvailabilityRead(doctorId);
      return this.availabilityOf(repository, doctorId);
    });
  }

  updateAvailability(ctx: AccessContext, input: UpdateAvailability): Promise<Availability> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(LeaveRepository);
      const doctorId = repository.caller().userId;
      const now = this.clock();
      const timeOff = input.timeOff.map((entry) => ({
        ...this.daysToInstants(entry.startDate, entry.endDate),
        reason: entry.reason ? entry.reason : null,
      }));
      await repository.replaceAvailability(
        doctorId,
        input.weekly.map((range) => ({ dayOfWeek: range.dayOfWeek, startTime: range.startTime, endTime: range.endTime })),
        timeOff,
        now,
      );
      return this.availabilityOf(repository, doctorId);
    });
  }

  // ---- Leave ----

  list(ctx: AccessContext, query: LeaveListQuery): Promise<LeaveListResponse> {
    return this.uow.read(ctx, async (work) => {
      const { rows, total } = await work.use(LeaveRepository).listLeave(query);
      return { data: rows.map(toLeave), page: query.page, pageSize: query.pageSize, total };
    });
  }

  create(ctx: AccessContext, input: CreateLeave): Promise<LeaveRequest> {
    const today = this.today();
    const fields: Record<string, string> = {};
    if (input.startDate < today) fields.startDate = 'leave.past';
    else if (dayNumber(input.startDate) - dayNumber(today) > SCHEDULE_LIMITS.leaveDaysAhead) fields.startDate = 'leave.tooFar';
    if (Object.keys(fields).length > 0)
      throw new AppError('VALIDATION_FAILED', 'Leave must start between today and two years ahead.', fields);
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(LeaveRepository);
      const doctorId = repository.caller().userId;
      // Leave belongs to a doctor's profile (its specialty decides who may cover); an account
      // without one has no schedule to be away from until an administrator completes it.
      if ((await repository.specialtyOf(doctorId)) === undefined) {
        throw new AppError('FORBIDDEN', 'Your doctor profile is not complete yet. Please ask an administrator.');
      }
      if (await repository.overlapsOwn(doctorId, input.startDate, input.endDate)) {
        throw new AppError('LEAVE_OVERLAP', 'This leave overlaps another of your leave requests.');
      }
      const row = await repository.createLeave({
        type: input.type,
        startDate: input.startDate,
        endDate: input.endDate,
        reason: input.reason ? input.reason : null,
      });
      const doctor = { firstName: row.doctorFirstName, lastName: row.doctorLastName };
      const administrators = await repository.administrators();
      for (const admin of administrators) {
        await this.notifications.notifyIn(work, admin, {
          type: 'system',
          title: 'Leave requested',
          message: `${englishDoctorName(doctor)} asks for leave from ${row.startDate} to ${row.endDate}.`,
          priority: 'medium',
          code: 'leave.request_sent',
          params: { ...doctorNameParams(doctor), startDate: row.startDate, endDate: row.endDate },
        });
      }
      repository.push([doctorId, ...administrators], this.leaveEvent('leave_request_created', row));
      return toLeave(row);
    });
  }

  withdraw(ctx: AccessContext, id: string): Promise<LeaveRequest> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(LeaveRepository);
      const row = await repository.pending(id, 'leave.withdraw');
      if (!(await repository.setLeaveStatus(id, 'withdrawn', this.clock(), null, 'leave.withdraw'))) throw notPending();
      const updated = await repository.leave(id);
      repository.push([updated.doctorId, ...(await repository.administrators())], this.leaveEvent('leave_request_withdrawn', row));
      return toLeave(updated);
    });
  }

  /**
   * An administrator approves or rejects a pending request. Approval makes the leave's time off and
   * offers each appointment booked in it to colleagues; the doctor is told either way.
   */
  decide(ctx: AccessContext, id: string, input: DecideLeave): Promise<LeaveRequest> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(LeaveRepository);
      const row = await repository.pending(id, 'leave.decide');
      const now = this.clock();
      const reason = input.reason ? input.reason : null;
      const adminId = repository.caller().userId;
      let offered = 0;
      let timeOffId: string | null = null;
      if (input.decision === 'approved') {
        const { startsAt, endsAt } = this.daysToInstants(row.startDate, row.endDate);
        timeOffId = await repository.addLeaveTimeOff(row.doctorId, startsAt, endsAt);
        const coverable = await this.appointments.coverableIn(work, row.doctorId, now > startsAt ? now : startsAt, endsAt);
        offered = await repository.createOffers(
          id,
          row.doctorId,
          coverable.map((appointment) => appointment.id),
        );
        if (offered > 0) {
          const colleagues = await repository.doctorsOf(suitableSpecialties(row.specialty), row.doctorId);
          repository.push([row.doctorId, ...colleagues], this.leaveEvent('coverage_offered', row));
        }
      }
      const changed = await repository.setLeaveStatus(id, input.decision, now, { decidedBy: adminId, reason, timeOffId }, 'leave.decide', {
        withReason: reason !== null,
        offered,
      });
      if (!changed) throw notPending();
      const approved = input.decision === 'approved';
      await this.notifications.notifyIn(work, row.doctorId, {
        type: 'system',
        title: approved ? 'Leave approved' : 'Leave rejected',
        message: approved
          ? `Your leave from ${row.startDate} to ${row.endDate} is approved.`
          : `Your leave from ${row.startDate} to ${row.endDate} was rejected: ${reason ?? ''}`,
        priority: approved ? 'medium' : 'high',
        actionUrl: NOTIFICATION_LINKS.schedule,
        code: approved ? 'leave.request_approved' : 'leave.request_rejected',
        params: { startDate: row.startDate, endDate: row.endDate, ...(reason ? { reason } : {}) },
      });
      repository.push(
        [row.doctorId, ...(await repository.administrators())],
        this.leaveEvent(approved ? 'leave_request_approved' : 'leave_request_rejected', row),
      );
      return toLeave(await repository.leave(id));
    });
  }

  // ---- Coverage ----

  /** Open offers a doctor may take: colleagues' appointments of a suitable specialty, the doctor's own specialty first. */
  coverage(ctx: AccessContext): Promise<CoverageListResponse> {
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(LeaveRepository);
      const own = await repository.specialtyOf(repository.caller().userId);
      if (!own) return { data: [] };
      const rows = await repository.openOffers(suitableSpecialties(own), own, this.clock(), SCHEDULE_LIMITS.coverageListMax);
      return { data: rows.map((row) => toOffer(row, own)) };
    });
  }

  /** The offers of the caller's own appointments while away, and who took each. */
  myCoverage(ctx: AccessContext): Promise<CoverageListResponse> {
    return this.uow.read(ctx, async (work) => {
      const repository = work.use(LeaveRepository);
      const rows = await repository.myOffers(SCHEDULE_LIMITS.coverageListMax);
      return { data: rows.map((row) => toOffer(row, row.specialty)) };
    });
  }

  /**
   * A doctor takes an offer: the appointment becomes theirs and its patient is told. Of two doctors
   * accepting one offer at once, the second hears COVERAGE_TAKEN; a doctor booked or away at that
   * time hears COVERAGE_CONFLICT, and nothing changes.
   */
  accept(ctx: AccessContext, id: string): Promise<CoverageOffer> {
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(LeaveRepository);
      const me = repository.caller().userId;
      const own = await repository.specialtyOf(me);
      if (!own) throw AppError.notFound();
      const offer = await repository.offerFor(id, suitableSpecialties(own));
      if (!(await repository.claim(offer.id, this.clock()))) {
        throw new AppError('COVERAGE_TAKEN', 'Another doctor has already taken this appointment.');
      }
      const moved = await this.appointments.reassignForCoverageIn(work, offer.appointmentId, offer.doctorId, me);
      if (moved === 'gone') {
        repository.refusedOffer(id, 'appointment_changed');
        throw new AppError('COVERAGE_TAKEN', 'This appointment is no longer open for coverage.');
      }
      if (moved === 'busy') {
        repository.refusedOffer(id, 'busy');
        throw new AppError('COVERAGE_CONFLICT', 'You already have an appointment or time off at that time.');
      }
      const newDoctor = { firstName: moved.doctor.firstName, lastName: moved.doctor.lastName };
      const previousDoctor = { firstName: offer.doctorFirstName, lastName: offer.doctorLastName };
      const when = `${wallClock(offer.startsAt, this.options.clinic.timeZone()).replace('T', ' ')} (${this.options.clinic.timeZone()})`;
      await this.notifications.notifyIn(work, moved.patientId, {
        type: 'appointment',
        title: 'Your appointment has a new doctor',
        message: `${englishDoctorName(previousDoctor)} is away; your appointment on ${when} is now with ${englishDoctorName(newDoctor)}.`,
        priority: 'high',
        actionUrl: NOTIFICATION_LINKS.patientAppointments,
        metadata: { appointmentId: moved.id, ...doctorNameParams(newDoctor), consultationType: moved.type },
        code: 'appointment.patient_reassigned',
        params: { ...doctorNameParams(newDoctor), ...previousDoctorNameParams(previousDoctor), startsAt: moved.startsAt },
      });
      await this.notifications.notifyIn(work, offer.doctorId, {
        type: 'appointment',
        title: 'Appointment covered',
        message: `${englishDoctorName(newDoctor)} takes over your appointment on ${when}.`,
        priority: 'low',
        actionUrl: NOTIFICATION_LINKS.schedule,
        metadata: { appointmentId: moved.id, ...doctorNameParams(newDoctor) },
        code: 'coverage.appointment_taken',
        params: { ...doctorNameParams(newDoctor), startsAt: moved.startsAt },
      });
      const timestamp = this.clock().toISOString();
      repository.push([moved.patientId, offer.doctorId, me], {
        type: 'appointments_reassigned_for_coverage',
        appointmentId: moved.id,
        patientId: moved.patientId,
        fromDoctorId: offer.doctorId,
        doctorId: me,
        timestamp,
      });
      const colleagues = await repository.doctorsOf(suitableSpecialties(offer.specialty), offer.doctorId);
      repository.push([offer.doctorId, ...colleagues], {
        type: 'coverage_accepted',
        leaveRequestId: offer.leaveRequestId,
        doctorId: offer.doctorId,
        timestamp,
      });
      return toOffer(await repository.offer(id), own);
    });
  }

  private async availabilityOf(repository: LeaveRepository, doctorId: string): Promise<Availability> {
    const zone = this.options.clinic.timeZone();
    const [weekly, timeOff] = await Promise.all([repository.weeklyHours(doctorId), repository.timeOff(doctorId, this.clock())]);
    return {
      doctorId,
      clinicTimeZone: zone,
      weekly: weekly.map((range) => ({ dayOfWeek: range.dayOfWeek, startTime: clockOf(range.startTime), endTime: clockOf(range.endTime) })),
      timeOff: timeOff.map((entry) => ({
        id: entry.id,
        startDate: wallClock(entry.startsAt, zone).slice(0, 10),
        endDate: wallClock(new Date(entry.endsAt.getTime() - MINUTE), zone).slice(0, 10),
        reason: entry.reason,
        leaveRequestId: entry.leaveRequestId,
      })),
    };
  }

  /** Calendar days of the clinic, both ends counted, as the instants they start and end. */
  private daysToInstants(startDate: string, endDate: string): { startsAt: Date; endsAt: Date } {
    const zone = this.options.clinic.timeZone();
    return { startsAt: dayStart(startDate, zone), endsAt: dayStart(addCalendarDays(endDate, 1), zone) };
  }

  private today(): string {
    return wallClock(this.clock(), this.options.clinic.timeZone()).slice(0, 10);
  }

  private leaveEvent<
    T extends
      'leave_request_created' | 'leave_request_withdrawn' | 'leave_request_approved' | 'leave_request_rejected' | 'coverage_offered',
  >(type: T, row: { id: string; doctorId: string }) {
    return { type, leaveRequestId: row.id, doctorId: row.doctorId, timestamp: this.clock().toISOString() };
  }
}

function notPending(): AppError {
  return new AppError('LEAVE_NOT_PENDING', 'This leave request has already been decided or withdrawn.');
}

/** 00:00 of a calendar day in `zone` (the first hour that exists where midnight is skipped). */
function dayStart(date: string, zone: string): Date {
  for (let hour = 0; hour < 4; hour += 1) {
    const start = zonedInstant(date, `0${hour}:00`, zone);
    if (start) return start;
  }
  return new Date(`${date}T00:00:00Z`);
}

/** "HH:mm" of a stored time ("24:00:00", the end of the day, reads 24:00). */
function clockOf(time: string): string {
  return time.slice(0, 5);
}

function toLeave(row: LeaveRow): LeaveRequest {
  return {
    id: row.id,
    doctorId: row.doctorId,
    doctor: { firstName: row.doctorFirstName, lastName: row.doctorLastName },
    specialty: row.specialty,
    type: row.type,
    startDate: row.startDate,
    endDate: row.endDate,
    reason: row.reason,
    status: row.status,
    decisionReason: row.decisionReason,
    decidedBy: row.deciderFirstName ? personNameOf(row.deciderFirstName, row.deciderLastName) : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    coverage: { open: row.coverageOpen, covered: row.coverageCovered },
  };
}

function toOffer(row: OfferRow, readerSpecialty: string): CoverageOffer {
  return {
    id: row.id,
    leaveRequestId: row.leaveRequestId,
    appointmentId: row.appointmentId,
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    type: row.type,
    status: row.status,
    doctorId: row.doctorId,
    doctor: { firstName: row.doctorFirstName, lastName: row.doctorLastName },
    specialty: row.specialty,
    sameSpecialty: row.specialty === readerSpecialty,
    coveredById: row.coveredById,
    coveredBy: row.coveredById ? personNameOf(row.coveredByFirstName, row.coveredByLastName) : null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}
