import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { COVERAGE_STATUSES, LEAVE_STATUSES, LEAVE_TYPES } from '../../../contracts/leave';
import { appointments } from './appointments';
import { doctorProfiles, doctorTimeOff } from './doctors';
import { users } from './users';

// Leave a doctor asks of an administrator, and the coverage of the appointments it leaves without a
// doctor. Dates are whole calendar days of the clinic's zone, both ends counted. An approved leave
// makes one time-off row (time_off_id), which is what booking reads, so approved leave blocks slots
// the same way time off does.
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.userId, { onDelete: 'cascade' }),
    type: text('type', { enum: LEAVE_TYPES }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    reason: text('reason'),
    status: text('status', { enum: LEAVE_STATUSES }).notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    timeOffId: uuid('time_off_id').references(() => doctorTimeOff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leave_requests_doctor_idx').on(t.doctorId, t.startDate),
    index('leave_requests_status_idx').on(t.status, t.startDate),
    check('leave_requests_range_check', sql`${t.startDate} <= ${t.endDate}`),
    check('leave_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`),
    check('leave_requests_type_check', sql`${t.type} in ('vacation', 'sick', 'conference', 'personal', 'other')`),
  ],
);

/**
 * One appointment of an approved leave, offered to colleagues. The first to accept takes it: the
 * update from 'open' to 'accepted' is the one judge of a race, and an appointment has at most one
 * offer per leave.
 */
export const coverageOffers = pgTable(
  'coverage_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leaveRequestId: uuid('leave_request_id')
      .notNull()
      .references(() => leaveRequests.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** The doctor on leave whose appointment it was. */
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.userId, { onDelete: 'cascade' }),
    status: text('status', { enum: COVERAGE_STATUSES }).notNull().default('open'),
    coveredBy: uuid('covered_by').references(() => doctorProfiles.userId, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coverage_offers_leave_appointment_unique').on(t.leaveRequestId, t.appointmentId),
    index('coverage_offers_status_idx').on(t.status, t.createdAt),
    index('coverage_offers_doctor_idx').on(t.doctorId),
    check('coverage_offers_status_check', sql`${t.status} in ('open', 'accepted', 'closed')`),
  ],
);
