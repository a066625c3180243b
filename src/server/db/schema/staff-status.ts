import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { STAFF_STATUSES } from '../../../contracts/staff-portal';
import { users } from './users';

// A staff member's own desk status (on duty, on break, off duty): one row per member, set by the
// member; no row means they never set one and count as off duty.
export const staffStatuses = pgTable(
  'staff_statuses',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: STAFF_STATUSES }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('staff_statuses_status_check', sql`${t.status} in ('on-duty', 'on-break', 'off-duty')`)],
);
