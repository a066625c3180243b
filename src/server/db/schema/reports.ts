import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { REPORT_FORMATS, REPORT_FREQUENCIES, REPORT_KINDS } from '../../../contracts/reports';
import { users } from './users';

// Reports run on a schedule: which report, how often, and who is told when it is ready. A run
// mails each recipient a link to the Reports page (never the file) and moves `next_run_at` on.
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    /** The analytics' doctor or specialty, for the kinds that take them: `{ doctorId?, specialty? }`. */
    filters: jsonb('filters').$type<{ doctorId?: string; specialty?: string }>().notNull().default({}),
    frequency: text('frequency', { enum: REPORT_FREQUENCIES }).notNull(),
    /** User ids of the recipients; each one's access is checked again at every run. */
    recipients: uuid('recipients').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.active}`),
    check('report_schedules_frequency_check', sql`${t.frequency} in ('weekly', 'monthly')`),
    check('report_schedules_format_check', sql`${t.format} in ('csv', 'pdf')`),
  ],
);
