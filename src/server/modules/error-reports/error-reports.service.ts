import { createHash } from 'node:crypto';
import { ERROR_HANDLING } from '../../../contracts/constants';
import {
  SYSTEM_LOG_PATTERNS,
  SYSTEM_LOG_RECENT,
  type ErrorReport,
  type ErrorReportType,
  type ErrorSeverity,
  type SystemLog,
  type SystemLogQuery,
} from '../../../contracts/error-reports';
import { looksMasked, maskEmail } from '../../../contracts/masking';
import type { AccessContext } from '../../platform/access-context';
import { redactTokens } from '../../platform/logging';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { ErrorReportsRepository } from './error-reports.repository';

const SEVERITY_RANK: Record<ErrorSeverity, number> = { low: 0, medium: 1, high: 2, critical: 3 };

/** Numbers, ids and quoted values vary between occurrences of one fault; the pattern does not. */
export function normaliseMessage(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/(["'`]).*?\1/g, '<str>')
    .replace(/\d+/g, '<n>')
    .trim()
    .toLowerCase();
}

export function fingerprintOf(report: Pick<ErrorReport, 'errorType' | 'error'>): string {
  const basis = [report.errorType, report.error.name ?? '', normaliseMessage(report.error.message)].join('|');
  return createHash('sha256').update(basis).digest('hex');
}

/** Strips query and fragment: they can carry search text or tokens, which must not be stored. */
function pathOfUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    // A share link's token is in its path: kept out like everything else that opens data.
    return redactTokens(new URL(url, 'http://x').pathname);
  } catch {
    return undefined;
  }
}

export class ErrorReportsService {
  constructor(private readonly uow: UnitOfWork) {}

  /**
   * Stores a report. Who reported it comes from the session when the reporter is signed in (their
   * user id, role and session id, never what the browser claims); before sign-in, from the report.
   * The session id the browser sends is never kept.
   */
  record(ctx: AccessContext, report: ErrorReport): Promise<{ id: string; severity: ErrorSeverity; occurrences: number }> {
    const fingerprint = fingerprintOf(report);
    const email = report.user?.email;
    const reporter = ctx.actor;
    return this.uow.write(ctx, async (work) => {
      const repo = work.use(ErrorReportsRepository);
      const occurrences = (await repo.countByFingerprint(fingerprint)) + 1;
      // A pattern seen more than 10 times is raised to high severity (never lowered).
      const severity: ErrorSeverity =
        occurrences > ERROR_HANDLING.escalateAfterOccurrences && SEVERITY_RANK[report.severity] < SEVERITY_RANK.high
          ? 'high'
          : report.severity;
      const id = await repo.insert({
        clientReportId: report.id,
        reportedAt: new Date(report.timestamp),
        errorType: report.errorType,
        errorBoundary: report.errorBoundary,
        component: report.component,
        userId: reporter ? reporter.userId : report.user?.id,
        sessionId: reporter?.sessionId ?? null,
        userEmailMasked: email ? (looksMasked(email) ? email : maskEmail(email)) : undefined,
        userRole: reporter ? reporter.role : report.user?.role,
        errorName: report.error.name,
        errorMessage: report.error.message,
        errorStack: report.error.stack,
        userAgent: report.context?.userAgent,
        url: pathOfUrl(report.context?.url),
        route: report.context?.route,
        severity,
        isRecoverable: report.isRecoverable,
        recoveryAttempts: report.recoveryAttempts,
        additionalData: report.additionalData ?? null,
        fingerprint,
      });
      await repo.trimTo(ERROR_HANDLING.maxStoredReports);
      return { id, severity, occurrences };
    });
  }

  /**
   * The system log: the stored reports grouped by pattern (a pattern seen more than 10 times shows
   * as high severity at least) and the newest reports, the e-mail masked as stored.
   */
  systemLog(ctx: AccessContext, query: SystemLogQuery): Promise<SystemLog> {
    return this.uow.read(ctx, async (work) => {
      const repo = work.use(ErrorReportsRepository);
      const patterns = await repo.patterns(query, SYSTEM_LOG_PATTERNS);
      const { rows, total } = await repo.recent(query, SYSTEM_LOG_RECENT);
      return {
        patterns: patterns.map((row) => {
          const reported = row.highestSeverity as ErrorSeverity;
          const escalated = row.occurrences > ERROR_HANDLING.escalateAfterOccurrences && SEVERITY_RANK[reported] < SEVERITY_RANK.high;
          return {
            fingerprint: row.fingerprint,
            errorType: row.errorType as ErrorReportType,
            errorName: row.errorName,
            message: row.message,
            occurrences: row.occurrences,
            firstSeen: row.firstSeen.toISOString(),
            lastSeen: row.lastSeen.toISOString(),
            severity: escalated ? 'high' : reported,
            escalated,
          };
        }),
        recent: rows.map((row) => ({
          id: row.id,
          receivedAt: row.receivedAt.toISOString(),
          errorType: row.errorType,
          severity: row.severity,
          errorName: row.errorName,
          message: row.errorMessage,
          component: row.component,
          route: row.route,
          userRole: row.userRole,
          userEmailMasked: row.userEmailMasked,
          isRecoverable: row.isRecoverable,
          recoveryAttempts: row.recoveryAttempts,
        })),
        total,
      };
    });
  }
}
