import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The audit trail: who, what, which patients, outcome, when, where. Append-only: a trigger refuses
// UPDATE, and DELETE of anything but events whose seal was archived (see platform/audit-seal.ts).
//
// Tamper evidence without a lock on the request path: each row carries the hash of its own content
// (`hash`; rows written before sealing existed also link `prev_hash` to the row before them). A
// background job seals the events of finished transactions in batches: a seal covers every event
// whose writing transaction id lies in [from_xact, to_xact), hashes their (id, hash) pairs in id
// order into `root`, and links to the previous seal through `prev_hash`. Editing, deleting or
// reordering a sealed event breaks its seal; the seals themselves form a chain.
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    /** The one patient the event concerns, when it concerns exactly one. */
    patientId: uuid('patient_id'),
    /** Every patient a list read returned, when it returned more than one. */
    patientIds: uuid('patient_ids').array(),
    outcome: text('outcome', { enum: ['success', 'failure', 'denied'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    details: jsonb('details'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /** The id of the transaction that wrote the row: what a seal's range is measured in. */
    xactId: bigint('xact_id', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
  },
  (t) => [
    index('audit_events_actor_idx').on(t.actorUserId),
    index('audit_events_patient_idx').on(t.patientId),
    index('audit_events_patient_ids_idx').using('gin', t.patientIds),
    index('audit_events_occurred_idx').on(t.occurredAt),
    index('audit_events_xact_idx').on(t.xactId),
    // The security view and the admin's home ask for one kind of event over a period (failed
    // sign-ins, permission changes, the latest chain check) every time they refresh.
    index('audit_events_action_occurred_idx').on(t.action, t.occurredAt),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;

export const auditSeals = pgTable('audit_seals', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** Events with from_xact <= xact_id < to_xact belong to this seal. */
  fromXact: bigint('from_xact', { mode: 'number' }).notNull(),
  toXact: bigint('to_xact', { mode: 'number' }).notNull(),
  eventCount: integer('event_count').notNull(),
  firstEventId: bigint('first_event_id', { mode: 'number' }),
  lastEventId: bigint('last_event_id', { mode: 'number' }),
  /** Latest occurred_at among the events: archiving goes by it. */
  lastOccurredAt: timestamp('last_occurred_at', { withTimezone: true }),
  root: text('root').notNull(),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
  sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the seal's events were exported and removed from the table. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  archiveName: text('archive_name'),
});

export type AuditSealRow = typeof auditSeals.$inferSelect;
