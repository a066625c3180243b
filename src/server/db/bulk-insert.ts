import { getTableColumns, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

// Inserts many rows in one statement with one parameter: the rows as a JSON array, unpacked by
// jsonb_to_recordset. A multi-row VALUES list binds a parameter per field, which PGlite parses
// slowly (thousands of vitals took seconds); one JSON document takes milliseconds. For seeds and
// imports of rows built in code; normal writes use drizzle's insert.

export async function bulkInsert<T extends PgTable>(db: Database, table: T, rows: readonly InferInsertModel<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)) as [
    string,
    { name: string; getSQLType(): string; hasDefault: boolean; notNull: boolean },
  ][];
  const present = columns.filter(([key]) => rows.some((row) => (row as Record<string, unknown>)[key] !== undefined));
  for (const [key, column] of present) {
    // A missing value would become null, not the column's default: every row must then carry it.
    if (column.hasDefault && column.notNull && rows.some((row) => (row as Record<string, unknown>)[key] === undefined)) {
      throw new Error(`bulkInsert: column ${column.name} is set in some rows only`);
    }
  }
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(present.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key] ?? null]))),
  );
  const names = sql.join(
    present.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const definitions = sql.raw(present.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(', '));
  await db.execute(sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as r(${definitions})`);
}
