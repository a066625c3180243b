/**
 * The floor for the benches that compare a request with its database work (bench/chart.ts,
 * bench/analytics.ts): a bare `node:http` server with the raw `pg` driver that, for each request,
 * replays the statements Caredeck ran for the same request (recorded with their values), in the
 * same order on one pooled connection, and answers the rows it read as JSON. No framework, no
 * validation, no scoping logic: the database work and the answer alone.
 *
 * Started by bench/floor-comparison.ts: `node --import tsx bench/replay-floor.ts <port> <databaseUrl> <statements.json>`.
 */
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import type { RecordedStatement } from './bench-support';

const [portArg, databaseUrl, statementsFile] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
/** By "path|cookie", as bench/floor-comparison.ts wrote them. */
const recorded = JSON.parse(fs.readFileSync(statementsFile!, 'utf8')) as Record<string, RecordedStatement[]>;

async function replay(statements: RecordedStatement[]): Promise<unknown[][]> {
  const client = await pool.connect();
  try {
    const answers: unknown[][] = [];
    for (const statement of statements) answers.push((await client.query(statement.text, statement.values)).rows);
    return answers;
  } finally {
    client.release();
  }
}

const server = http.createServer((request, response) => {
  const statements = recorded[`${request.url}|${request.headers.cookie ?? ''}`];
  if (request.url === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  if (!statements) {
    response.writeHead(404).end();
    return;
  }
  replay(statements).then(
    (rows) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: rows })),
    (error: unknown) => {
      console.error('floor replay failed:', error instanceof Error ? error.message : error);
      response.writeHead(500).end();
    },
  );
});
server.listen(Number(portArg), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
