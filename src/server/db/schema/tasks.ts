import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TASK_KINDS, TASK_PRIORITIES, TASK_STATUSES } from '../../../contracts/tasks';
import { labOrders } from './lab-results';
import { conversations } from './messages';
import { refillRequests } from './refill-requests';
import { users } from './users';

// Work for one member of the organisation (the tasks view reads these). A task names what it is
// about through one reference column per kind, so every reference is a real foreign key.
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TASK_KINDS }).notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('open'),
    /** English, without PHI beyond what the assignee may see anyway; the view words it by kind. */
    title: text('title').notNull(),
    priority: text('priority', { enum: TASK_PRIORITIES }).notNull().default('medium'),
    dueDate: date('due_date'),
    refillRequestId: uuid('refill_request_id').references(() => refillRequests.id, { onDelete: 'cascade' }),
    labOrderId: uuid('lab_order_id').references(() => labOrders.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_assignee_status_idx').on(t.assigneeId, t.status, t.createdAt),
    index('tasks_patient_idx').on(t.patientId),
    index('tasks_refill_request_idx').on(t.refillRequestId),
    index('tasks_lab_order_idx').on(t.labOrderId),
    index('tasks_conversation_idx').on(t.conversationId),
    check('tasks_kind_check', sql`${t.kind} in ('refill-request', 'result-review', 'follow-up', 'message')`),
    check('tasks_priority_check', sql`${t.priority} in ('high', 'medium', 'low')`),
    check('tasks_status_check', sql`${t.status} in ('open', 'done')`),
    check('tasks_reference_check', sql`${t.kind} <> 'refill-request' or ${t.refillRequestId} is not null`),
    check('tasks_lab_order_reference_check', sql`${t.kind} <> 'result-review' or ${t.labOrderId} is not null`),
    check('tasks_conversation_check', sql`${t.kind} <> 'message' or ${t.conversationId} is not null`),
    check('tasks_done_check', sql`(${t.status} = 'done') = (${t.completedAt} is not null)`),
  ],
);

export type TaskRow = typeof tasks.$inferSelect;
