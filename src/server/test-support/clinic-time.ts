import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * The instant of a wall-clock time on a clinic's calendar ('2026-03-02 09:00' in `zone`), worked
 * out by the database itself, so that tests of figures by clinic day do not trust the code under test.
 */
export async function clinicInstant(db: Database, local: string, zone: string): Promise<Date> {
  const result = (await db.execute(sql`select (${local}::timestamp at time zone ${zone}) as at`)) as unknown as {
    rows: { at: Date | string }[];
  };
  return new Date(result.rows[0]!.at);
}
