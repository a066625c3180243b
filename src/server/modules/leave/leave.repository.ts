import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, gte, ne, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditActionCode } from '../../../contracts/audit';
import type { LiveEvent } from '../../../contracts/live-events';
import type { LeaveListQuery, LeaveStatus, LeaveType } from '../../../contracts/leave';
import { appointments, coverageOffers, doctorAvailability, doctorProfiles, doctorTimeOff, leaveRequests, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// A doctor's working time, leave and the coverage of their appointments. Hours, time off and leave
// are the doctor's own facts, not patient data: a doctor reaches only their own, an administrator
// every doctor's leave; someone else's request answers 404 like a missing one. A coverage offer
// names no patient; the appointment it moves is changed by the appointments module.

const deciders = alias(users, 'leave_decider');
const coverers = alias(users, 'coverage_doctor');

const leaveColumns = {
  id: leaveRequests.id,
  doctorId: leaveRequests.doctorId,
  doctorFirstName: users.firstName,
  doctorLastName: users.lastName,
  specialty: doctorProfiles.specialty,
  type: leaveRequests.type,
  startDate: leaveRequests.startDate,
  endDate: leaveRequests.endDate,
  reason: leaveRequests.reason,
  status: leaveRequests.status,
  decisionReason: leaveRequests.decisionReason,
  deciderFirstName: deciders.firstName,
  deciderLastName: deciders.lastName,
  decidedAt: leaveRequests.decidedAt,
  createdAt: leaveRequests.createdAt,
  coverageOpen:
    sql<number>`(select count(*) from ${coverageOffers} where ${coverageOffers.leaveRequestId} = ${leaveRequests.id} and ${coverageOffers.status} = 'open')`.mapWith(
      Number,
    ),
  coverageCovered:
    sql<number>`(select count(*) from ${coverageOffers} where ${coverageOffers.leaveRequestId} = ${leaveRequests.id} and ${coverageOffers.status} = 'accepted')`.mapWith(
      Number,
    ),
};

const offerColumns = {
  id: coverageOffers.id,
  leaveRequestId: coverageOffers.leaveRequestId,
  appointmentId: coverageOffers.appointmentId,
  startsAt: appointments.startsAt,
  durationMinutes: appointments.durationMinutes,
  type: appointments.type,
  appointmentStatus: appointments.status,
  status: coverageOffers.status,
  doctorId: coverageOffers.doctorId,
  doctorFirstName: users.firstName,
  doctorLastName: users.lastName,
  specialty: doctorProfiles.specialty,
  coveredById: coverageOffers.coveredBy,
  coveredByFirstName: coverers.firstName,
  coveredByLastName: coverers.lastName,
  acceptedAt: coverageOffers.acceptedAt,
};

/** Appointments that may still change hands: not begun, not over, not cancelled. */
export const COVERABLE_APPOINTMENT_STATUSES = ['requested', 'scheduled'] as const;

export class LeaveRepository extends Repository {
  private get me(): string {
    return this.scope.actor.userId;
  }

  /** Who is asking. */
  caller(): { userId: string; role: string } {
    return this.scope.actor;
  }

  // ---- Weekly hours and time off ----

  async weeklyHours(doctorId: string) {
    return this.db
      .select({ dayOfWeek: doctorAvailability.dayOfWeek, startTime: doctorAvailability.startTime, endTime: doctorAvailability.endTime })
      .from(doctorAvailability)
      .where(and(eq(doctorAvailability.doctorId, doctorId), eq(doctorAvailability.isAvailable, true)))
      .orderBy(asc(doctorAvailability.dayOfWeek), asc(doctorAvailability.startTime));
  }

  /** Time off not yet over, with the leave that made it (if one did). */
  async timeOff(doctorId: string, now: Date) {
    return this.db
      .select({
        id: doctorTimeOff.id,
        startsAt: doctorTimeOff.startsAt,
        endsAt: doctorTimeOff.endsAt,
        reason: doctorTimeOff.reason,
        leaveRequestId: leaveRequests.id,
      })
      .from(doctorTimeOff)
      .leftJoin(leaveRequests, eq(leaveRequests.timeOffId, doctorTimeOff.id))
      .where(and(eq(doctorTimeOff.doctorId, doctorId), gt(doctorTimeOff.endsAt, now)))
      .orderBy(asc(doctorTimeOff.startsAt));
  }

  noteAvailabilityRead(doctorId: string): void {
    this.audit.read('availability.read', 'doctor', doctorId, []);
  }

  /**
   * Replaces the doctor's weekly hours and their own time off still to come. Time off that is over
   * stays as a record, and time off an approved leave made goes only with its leave.
   */
  async replaceAvailability(
    doctorId: string,
    weekly: readonly { dayOfWeek: number; startTime: string; endTime: string }[],
    timeOff: readonly { startsAt: Date; endsAt: Date; reason: string | null }[],
    now: Date,
  ): Promise<void> {
    await this.db.delete(doctorAvailability).where(eq(doctorAvailability.doctorId, doctorId));
    if (weekly.length > 0) {
      await this.db.insert(doctorAvailability).values(weekly.map((range) => ({ doctorId, ...range, isAvailable: true })));
    }
    const fromLeave = this.db.select({ id: leaveRequests.timeOffId }).from(leaveRequests).where(isNotNull(leaveRequests.timeOffId));
    await this.db
      .delete(doctorTimeOff)
      .where(and(eq(doctorTimeOff.doctorId, doctorId), gt(doctorTimeOff.endsAt, now), notInArray(doctorTimeOff.id, fromLeave)));
    if (timeOff.length > 0) await this.db.insert(doctorTimeOff).values(timeOff.map((entry) => ({ doctorId, ...entry })));
    this.audit.note({
      action: 'availability.update',
      resourceType: 'doctor',
      resourceId: doctorId,
      patients: [],
      details: { ranges: weekly.length, timeOff: timeOff.length },
    });
  }

  /** The doctor's specialty, or undefined for someone without a doctor's profile. */
  async specialtyOf(doctorId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ specialty: doctorProfiles.specialty })
      .from(doctorProfiles)
      .where(eq(doctorProfiles.userId, doctorId))
      .limit(1);
    return row?.specialty;
  }

  // ---- Leave ----

  /** A doctor's own requests; an administrator's, everyone's. */
  async listLeave(query: LeaveListQuery) {
    const mine = this.scope.actor.role === 'admin' ? undefined : eq(leaveRequests.doctorId, this.me);
    const where = and(mine, query.status === 'all' ? undefined : eq(leaveRequests.status, query.status));
    const [total] = await this.db.select({ n: count() }).from(leaveRequests).where(where);
    const rows = await this.selectLeave()
      .where(where)
      .orderBy(
        asc(sql`case when ${leaveRequests.status} = 'pending' then 0 else 1 end`),
        asc(sql`case when ${leaveRequests.status} = 'pending' then ${leaveRequests.startDate} end`),
        desc(leaveRequests.startDate),
        asc(leaveRequests.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    this.audit.read('leave.list', 'leave', null, [], { count: rows.length, status: query.status });
    return { rows, total: total!.n };
  }

  /** Whether one of the doctor's own pending or approved leaves shares a day with [start, end]. */
  async overlapsOwn(doctorId: string, startDate: string, endDate: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: leaveRequests.id })
      .from(leaveRequests)
      .where(
        and(
          eq(leaveRequests.doctorId, doctorId),
          inArray(leaveRequests.status, ['pending', 'approved']),
          lte(leaveRequests.startDate, endDate),
          gte(leaveRequests.endDate, startDate),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async createLeave(values: { type: LeaveType; startDate: string; endDate: string; reason: string | null }) {
    const [row] = await this.db
      .insert(leaveRequests)
      .values({ doctorId: this.me, ...values })
      .returning({ id: leaveRequests.id });
    this.audit.note({ action: 'leave.create', resourceType: 'leave', resourceId: row!.id, patients: [], details: { type: values.type } });
    return this.leave(row!.id);
  }

  /**
   * A pending request the caller may act on: a doctor their own (withdraw), an administrator any
   * (decide). 404 (noted) for a missing one or someone else's; 409 (noted) when no longer pending.
   */
  async pending(id: string, action: AuditActionCode) {
    const own = this.scope.actor.role === 'admin' ? undefined : eq(leaveRequests.doctorId, this.me);
    const [row] = isUuid(id)
      ? await this.db
          .select({ id: leaveRequests.id, status: leaveRequests.status })
          .from(leaveRequests)
          .where(and(eq(leaveRequests.id, id), own))
          .limit(1)
      : [];
    if (!row) {
      this.audit.missed(action, 'leave', id);
      throw AppError.notFound();
    }
    if (row.status !== 'pending') {
      this.audit.note({
        action,
        outcome: 'failure',
        resourceType: 'leave',
        resourceId: id,
        details: { reason: 'not_pending', status: row.status },
      });
      throw new AppError('LEAVE_NOT_PENDING', 'This leave request has already been decided or withdrawn.');
    }
    return this.leave(id);
  }

  /**
   * Moves a pending request on; only while it is still pending, so a withdrawal and a decision racing
   * on one request cannot both happen. False when it had moved on.
   */
  async setLeaveStatus(
    id: string,
    status: LeaveStatus,
    now: Date,
    decision: { decidedBy: string; reason: string | null; timeOffId: string | null } | null,
    action: AuditActionCode,
    details: Record<string, unknown> = {},
  ): Promise<boolean> {
    const [changed] = await this.db
      .update(leaveRequests)
      .set({
        status,
        updatedAt: now,
        ...(decision
          ? { decidedBy: decision.decidedBy, decidedAt: now, decisionReason: decision.reason, timeOffId: decision.timeOffId }
          : {}),
      })
      .where(and(eq(leaveRequests.id, id), eq(leaveRequests.status, 'pending')))
      .returning({ id: leaveRequests.id });
    if (!changed) return false;
    this.audit.note({ action, resourceType: 'leave', resourceId: id, patients: [], details: { status, ...details } });
    return true;
  }

  /** The time off that makes an approved leave block booking. */
  async addLeaveTimeOff(doctorId: string, startsAt: Date, endsAt: Date): Promise<string> {
    const [row] = await this.db
      .insert(doctorTimeOff)
      .values({ doctorId, startsAt, endsAt, reason: 'leave' })
      .returning({ id: doctorTimeOff.id });
    return row!.id;
  }

  async leave(id: string) {
    const [row] = await this.selectLeave().where(eq(leaveRequests.id, id)).limit(1);
    return row!;
  }

  /** The active administrators, who decide leave (its live events go to them). */
  async administrators(): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    return rows.map((row) => row.id);
  }

  // ---- Coverage ----

  /** Offers the appointments to colleagues; an appointment already offered for this leave is left alone. */
  async createOffers(leaveRequestId: string, doctorId: string, appointmentIds: readonly string[]): Promise<number> {
    if (appointmentIds.length === 0) return 0;
    const rows = await this.db
      .insert(coverageOffers)
      .values(appointmentIds.map((appointmentId) => ({ leaveRequestId, appointmentId, doctorId })))
      .onConflictDoNothing()
      .returning({ id: coverageOffers.id });
    return rows.length;
  }

  /** Active doctors other than `except` whose specialty is one of `specialties`. */
  async doctorsOf(specialties: readonly string[], except: string): Promise<string[]> {
    if (specialties.length === 0) return [];
    const rows = await this.db
      .select({ id: doctorProfiles.userId })
      .from(doctorProfiles)
      .innerJoin(users, eq(users.id, doctorProfiles.userId))
      .where(and(inArray(doctorProfiles.specialty, [...specialties]), eq(users.isActive, true), ne(doctorProfiles.userId, except)));
    return rows.map((row) => row.id);
  }

  /**
   * Open offers of colleagues' appointments still to come whose doctor's specialty is one of
   * `specialties`: the reader's own specialty first, then the soonest. Names no patient.
   */
  async openOffers(specialties: readonly string[], ownSpecialty: string, now: Date, limit: number) {
    if (specialties.length === 0) return [];
    const rows = await this.selectOffers()
      .where(
        and(
          eq(coverageOffers.status, 'open'),
          ne(coverageOffers.doctorId, this.me),
          inArray(doctorProfiles.specialty, [...specialties]),
          inArray(appointments.status, [...COVERABLE_APPOINTMENT_STATUSES]),
          gt(appointments.startsAt, now),
        ),
      )
      .orderBy(
        asc(sql`case when ${doctorProfiles.specialty} = ${ownSpecialty} then 0 else 1 end`),
        asc(appointments.startsAt),
        asc(coverageOffers.id),
      )
      .limit(limit);
    this.audit.read('coverage.list', 'coverage', null, [], { count: rows.length });
    return rows;
  }

  /** The offers of the caller's own appointments (while they are away), with who took each. */
  async myOffers(limit: number) {
    const rows = await this.selectOffers()
      .where(eq(coverageOffers.doctorId, this.me))
      .orderBy(asc(appointments.startsAt), asc(coverageOffers.id))
      .limit(limit);
    this.audit.read('coverage.list', 'coverage', null, [], { count: rows.length, own: true });
    return rows;
  }

  /**
   * An offer the caller may take: open to a doctor of one of `specialties`, not their own. 404
   * (noted) otherwise, like a missing one.
   */
  async offerFor(id: string, specialties: readonly string[]) {
    const [row] = isUuid(id)
      ? await this.selectOffers()
          .where(and(eq(coverageOffers.id, id), ne(coverageOffers.doctorId, this.me), inArray(doctorProfiles.specialty, [...specialties])))
          .limit(1)
      : [];
    if (!row) {
      this.audit.missed('coverage.accept', 'coverage', id);
      throw AppError.notFound();
    }
    return row;
  }

  /**
   * Takes an open offer for the caller. The update from 'open' is the one judge of a race: of two
   * doctors accepting at once, the second finds it taken (false, noted).
   */
  async claim(id: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .update(coverageOffers)
      .set({ status: 'accepted', coveredBy: this.me, acceptedAt: now })
      .where(and(eq(coverageOffers.id, id), eq(coverageOffers.status, 'open')))
      .returning({ id: coverageOffers.id });
    if (!row) this.refusedOffer(id, 'taken');
    return row !== undefined;
  }

  refusedOffer(id: string, reason: string): void {
    this.audit.note({ action: 'coverage.accept', outcome: 'failure', resourceType: 'coverage', resourceId: id, details: { reason } });
  }

  async offer(id: string) {
    const [row] = await this.selectOffers().where(eq(coverageOffers.id, id)).limit(1);
    return row!;
  }

  /** A live event to these users once the write commits. */
  push(recipients: readonly string[], event: LiveEvent): void {
    this.effects.push({ recipients: [...new Set(recipients)], event });
  }

  private selectLeave() {
    return this.db
      .select(leaveColumns)
      .from(leaveRequests)
      .innerJoin(users, eq(users.id, leaveRequests.doctorId))
      .innerJoin(doctorProfiles, eq(doctorProfiles.userId, leaveRequests.doctorId))
      .leftJoin(deciders, eq(deciders.id, leaveRequests.decidedBy))
      .$dynamic();
  }

  private selectOffers() {
    return this.db
      .select(offerColumns)
      .from(coverageOffers)
      .innerJoin(appointments, eq(appointments.id, coverageOffers.appointmentId))
      .innerJoin(users, eq(users.id, coverageOffers.doctorId))
      .innerJoin(doctorProfiles, eq(doctorProfiles.userId, coverageOffers.doctorId))
      .leftJoin(coverers, eq(coverers.id, coverageOffers.coveredBy))
      .$dynamic();
  }
}

export type LeaveRow = Awaited<ReturnType<LeaveRepository['leave']>>;
export type OfferRow = Awaited<ReturnType<LeaveRepository['offer']>>;
