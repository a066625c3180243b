import { date, integer, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LAB_FLAGS, LAB_ORDER_STATUSES } from '../../../contracts/health-records';
import { ORDER_KINDS, ORDER_PRIORITIES, REPORT_FLAGS } from '../../../contracts/orders';
import { users } from './users';

// A doctor's orders and their results. Lab panels came first (hence the table's name); imaging
// studies and referrals share the table, told apart by `kind`: one list of orders, one set of steps.
// panel_code holds the LOINC code of a panel or study, or a referral's specialty key. A patient
// sees an order only once it is released (released_at set): a clinician reviews results first.
export const labOrders = pgTable(
  'lab_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_KINDS }).notNull().default('lab'),
    panelCode: text('panel_code').notNull(),
    panelName: text('panel_name').notNull(),
    status: text('status', { enum: LAB_ORDER_STATUSES }).notNull().default('ordered'),
    priority: text('priority', { enum: ORDER_PRIORITIES }).notNull().default('routine'),
    /** The clinical question. */
    reason: text('reason'),
    /** A referral's receiving clinician or clinic. */
    target: text('target'),
    notes: text('notes'),
    /** An imaging report's impression, or the summary of a referral's reply. */
    report: text('report'),
    /** An imaging report's findings. */
    findings: text('findings'),
    /** A referral's reply: who answered it (the consultant) and on which day. */
    consultant: text('consultant'),
    repliedOn: date('replied_on'),
    /** How the reporter flagged an imaging or referral report; lab results are flagged per component. */
    reportFlag: text('report_flag', { enum: REPORT_FLAGS }),
    orderedBy: uuid('ordered_by').references(() => users.id, { onDelete: 'set null' }),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    resultedAt: timestamp('resulted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Raised by every change; a step naming an older version is refused (two clinicians at once). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lab_orders_patient_ordered_idx').on(t.patientId, t.orderedAt),
    index('lab_orders_ordered_by_idx').on(t.orderedBy, t.status, t.orderedAt),
  ],
);

/**
 * One measured component. patient_id is repeated from the order so a component's trend across
 * panels (patient, LOINC code) is one indexed query.
 */
export const labResultComponents = pgTable(
  'lab_result_components',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => labOrders.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loincCode: text('loinc_code').notNull(),
    name: text('name').notNull(),
    value: numeric('value', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    referenceLow: numeric('reference_low', { precision: 12, scale: 4, mode: 'number' }),
    referenceHigh: numeric('reference_high', { precision: 12, scale: 4, mode: 'number' }),
    flag: text('flag', { enum: LAB_FLAGS }).notNull().default('normal'),
  },
  (t) => [
    index('lab_result_components_order_idx').on(t.orderId),
    index('lab_result_components_patient_loinc_idx').on(t.patientId, t.loincCode),
  ],
);

export type NewLabOrderRow = typeof labOrders.$inferInsert;
export type NewLabResultComponentRow = typeof labResultComponents.$inferInsert;
