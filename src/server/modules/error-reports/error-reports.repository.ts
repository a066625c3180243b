import { count, eq, sql } from 'drizzle-orm';
import { errorReports, type NewErrorReportRow } from '../../db/schema';
import { Repository } from '../../platform/unit-of-work';

// Error reports from the browser. They hold no patient data (the email is masked, the page's
// query string is gone), so nothing here is scoped to a patient or noted on the audit trail.

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
}
