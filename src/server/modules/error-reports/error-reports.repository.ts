import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { errorReports, type NewErrorReportRow } from '../../db/schema';

export class ErrorReportsRepository {
  constructor(private readonly db: Database) {}

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repository: ErrorReportsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new ErrorReportsRepository(tx as unknown as Database)));
  }

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

  async total(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(errorReports);
    return row?.n ?? 0;
  }
}
