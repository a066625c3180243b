import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SystemLogQuery } from '../../../contracts/error-reports';
import { errorReports, type NewErrorReportRow } from '../../db/schema';
import { Repository } from '../../platform/unit-of-work';

// Error reports from the browser. They hold no patient data (the email is masked, the page's
// query string is gone), so nothing here is scoped to a patient; storing one is not noted on the
// audit trail, reading the system log is.

const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

export interface PatternRow {
  fingerprint: string;
  errorType: string;
  errorName: string | null;
  message: string;
  occurrences: number;
  firstSeen: Date;
  lastSeen: Date;
  highestSeverity: string;
}

export class ErrorReportsRepository extends Repository {
  async countByFingerprint(fingerprint: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(errorReports).where(eq(errorReports.fingerprint, fingerprint));
    return row?.n ?? 0;
  }

  async insert(row: NewErrorReportRow): Promise<string> {
    const [created] = await this.db.insert(errorReports).values(row).returning({ id: errorReports.id });
    return created!.id;
  }

  /** Keeps the newest `keep` reports and deletes the rest. */
  async trimTo(keep: number): Promise<void> {
    await this.db.execute(sql`
      delete from ${errorReports}
      where ${errorReports.id} in (
        select ${errorReports.id} from ${errorReports}
        order by ${errorReports.receivedAt} desc, ${errorReports.id} desc
        offset ${keep}
      )`);
  }

  /** Reports grouped by pattern, the most recently seen first, with their highest reported severity. */
  async patterns(query: SystemLogQuery, limit: number): Promise<PatternRow[]> {
    const where = this.filter(query);
    const result = (await this.db.execute(sql`
      select ${errorReports.fingerprint} as fingerprint,
        (array_agg(${errorReports.errorType} order by ${errorReports.receivedAt} desc))[1] as error_type,
        (array_agg(${errorReports.errorName} order by ${errorReports.receivedAt} desc))[1] as error_name,
        (array_agg(${errorReports.errorMessage} order by ${errorReports.receivedAt} desc))[1] as message,
        count(*)::int as occurrences, min(${errorReports.receivedAt}) as first_seen, max(${errorReports.receivedAt}) as last_seen,
        (array_agg(${errorReports.severity} order by case ${errorReports.severity}
          when 'critical' then 3 when 'high' then 2 when 'medium' then 1 else 0 end desc))[1] as highest_severity
      from ${errorReports}
      ${where ? sql`where ${where}` : sql``}
      group by ${errorReports.fingerprint}
      order by last_seen desc
      limit ${limit}`)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map((row) => ({
      fingerprint: String(row.fingerprint),
      errorType: String(row.error_type),
      errorName: (row.error_name as string | null) ?? null,
      message: String(row.message),
      occurrences: Number(row.occurrences),
      firstSeen: asDate(row.first_seen),
      lastSeen: asDate(row.last_seen),
      highestSeverity: String(row.highest_severity),
    }));
  }

  /** The newest reports, and how many match in all; the read is noted with the filters. */
  async recent(query: SystemLogQuery, limit: number) {
    const where = this.filter(query);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(errorReports).where(where).orderBy(desc(errorReports.receivedAt), desc(errorReports.id)).limit(limit),
      this.db.select({ n: count() }).from(errorReports).where(where),
    ]);
    this.audit.note({
      action: 'error-reports.list',
      resourceType: 'error_report',
      details: { severity: query.severity ?? null, errorType: query.errorType ?? null, count: rows.length },
    });
    return { rows, total: Number(total?.n ?? 0) };
  }

  private filter(query: SystemLogQuery) {
    return and(
      query.severity ? eq(errorReports.severity, query.severity) : undefined,
      query.errorType ? eq(errorReports.errorType, query.errorType) : undefined,
    );
  }
}
