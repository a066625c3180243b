import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ERROR_REPORT_TYPES, ERROR_SEVERITIES } from '../../../contracts/error-reports';

// An error report as stored: the email is masked, the session id the browser sends is never kept.
// A signed-in reporter's user id and session id are the server's own (from the session), so a
// report can be matched with that session's requests; neither is personal health information.
export const errorReports = pgTable(
  'error_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientReportId: text('client_report_id').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    errorType: text('error_type', { enum: ERROR_REPORT_TYPES }).notNull(),
    errorBoundary: text('error_boundary'),
    component: text('component'),
    userId: text('user_id'),
    /** The server's id of the signed-in reporter's session (sessions.id); null before sign-in. */
    sessionId: uuid('session_id'),
    userEmailMasked: text('user_email_masked'),
    userRole: text('user_role'),
    errorName: text('error_name'),
    errorMessage: text('error_message').notNull(),
    errorStack: text('error_stack'),
    userAgent: text('user_agent'),
    url: text('url'),
    route: text('route'),
    severity: text('severity', { enum: ERROR_SEVERITIES }).notNull(),
    isRecoverable: boolean('is_recoverable').notNull(),
    recoveryAttempts: integer('recovery_attempts').notNull().default(0),
    additionalData: jsonb('additional_data'),
    /** Same type + name + normalised message = same pattern (more than 10 occurrences → high severity). */
    fingerprint: text('fingerprint').notNull(),
  },
  (t) => [index('error_reports_fingerprint_idx').on(t.fingerprint), index('error_reports_received_idx').on(t.receivedAt)],
);

export type NewErrorReportRow = typeof errorReports.$inferInsert;
