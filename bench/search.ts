/**
 * The header search through HTTP, on a large practice (docs/decisions/029-search-trigram-indexes.md).
 *
 *   npm run bench:search [-- --postgres 1000000 --pglite 100000 --requests 100]
 *   (--postgres 0 or --pglite 0 skips that database.)
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): where a database of
 *   its own is created for the run and dropped after.
 *
 * For each database: patients are loaded by one INSERT … SELECT over generate_series on the server
 * (names from multilingual lists, accents included; MRNs from the app's own sequence; e-mails and
 * phones from the row number), then vacuumed and analysed. Caredeck is built in this process on that
 * database and listens on a port; an admin (who reaches every patient) asks GET /api/search through
 * HTTP with keep-alive, one request at a time, for each query shape: a prefix, a fragment inside a
 * name, an MRN, a name with a letter wrong and two words. Each figure is p50 / p95 / p99 over the
 * requests after a warm-up, beside a bare `SELECT 1` through the same driver in the same run (the
 * database's floor) and the ratio to it. Searches rotate over several signed-in admins, since one
 * user may send 120 a minute.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { MAINTENANCE_LIMITS, openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { applyMigrations } from '../src/server/db/migrate';
import { SessionStore, sessionCookieName } from '../src/server/platform/session';

const { values: options } = parseArgs({
  options: {
    postgres: { type: 'string', default: '1000000' },
    pglite: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '100' },
  },
});
const REQUESTS = Number(options.requests);
const WARM_UP = 10;
const ADMINS = 8;
const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const FIRST = [
  'Maria',
  'José',
  'Chen',
  'Aisha',
  'Oliver',
  'Fatima',
  'Lukas',
  'Sofía',
  'Mohammed',
  'Élodie',
  'Hiroshi',
  'Priya',
  'Ngozi',
  'Sven',
  'Zoë',
  'Ahmad',
  'Mei',
  'Giulia',
  'Tomás',
  'Ingrid',
  'Kwame',
  'Olga',
  'Rafael',
  'Yuki',
  'Amara',
  'Dmitri',
  'Leila',
  'Bjørn',
  'Camille',
  'Wei',
  'Noor',
  'Mateo',
  'Hannah',
  'Arjun',
  'Chloé',
  'Emeka',
  'Ananya',
  'Pedro',
  'Astrid',
  'Youssef',
];
const LAST_START = [
  'Gar',
  'Mül',
  'Wang',
  'Had',
  'Smi',
  'Du',
  'Kowal',
  'Naka',
  'Oka',
  'Ros',
  'Fer',
  'Schm',
  'Ng',
  'Ben',
  'Al',
  'Ivan',
  'Lé',
  'Pet',
  'Mar',
  'Ber',
  'Kim',
  'Tan',
  'Lo',
  'Sil',
  'Cos',
  'Nov',
  'Hof',
  'Bau',
  'Dub',
  'Mor',
  'Ha',
  'Qui',
  'Zha',
  'Ols',
  'Ó Br',
  'Sato',
  'Ade',
  'Rah',
  'Gon',
  'Pat',
];
const LAST_END = [
  'cía',
  'ler',
  'ner',
  'dad',
  'th',
  'bois',
  'ski',
  'mura',
  'for',
  'si',
  'nández',
  'idt',
  'uyen',
  'ali',
  'farsi',
  'ov',
  'ger',
  'rov',
  'tín',
  'nard',
  'son',
  'aka',
  'pez',
  'va',
  'ta',
  'ák',
  'mann',
  'er',
  'ois',
  'eau',
  'ien',
  'ng',
  'sen',
  'ewa',
  'man',
  'zález',
  'el',
  'ić',
  'yi',
  'ey',
];

const SHAPES: { name: string; query: string }[] = [
  { name: 'prefix', query: 'Gar' },
  { name: 'substring', query: 'nande' },
  // Replaced by the record number of a patient in the middle of the load.
  { name: 'MRN', query: '' },
  { name: 'typo', query: 'Garsía' },
  { name: 'multi-word', query: 'maria garcía' },
];

const list = (names: string[]) => `array[${names.map((name) => `'${name.replace(/'/g, "''")}'`).join(', ')}]`;

async function load(query: (text: string) => Promise<unknown>, patients: number): Promise<number> {
  const started = performance.now();
  await query(`insert into users (id, email, role, first_name, last_name, phone, date_of_birth)
    select gen_random_uuid(), 'patient' || g || '@bench.example', 'patient',
      (${list(FIRST)})[1 + g % ${FIRST.length}],
      (${list(LAST_START)})[1 + (g / ${FIRST.length}) % ${LAST_START.length}] || (${list(LAST_END)})[1 + (g / ${FIRST.length * LAST_START.length} + g) % ${LAST_END.length}],
      '+1 555 ' || lpad(g::text, 7, '0'), date '1930-01-01' + (g % 30000)
    from generate_series(1, ${patients}) g`);
  await query(`insert into patient_profiles (user_id) select id from users where role = 'patient'`);
  await query('vacuum analyze users');
  await query('vacuum analyze patient_profiles');
  return performance.now() - started;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(times: number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

const ms = (value: number) => value.toFixed(2).padStart(7);

/**
 * `open` gives an empty, migrated database without the request statement limit (the load is long)
 * and `serve` the handle Caredeck runs on afterwards (PostgreSQL: a fresh one with the request limits).
 */
async function run(
  label: string,
  env: Record<string, string>,
  patients: number,
  open: () => Promise<DatabaseHandle>,
  serve: (loaded: DatabaseHandle) => Promise<DatabaseHandle>,
  cleanUp: () => Promise<void>,
) {
  const loading = await open();
  await applyMigrations(loading);
  const loaded = await load((text) => loading.query(text), patients);
  console.log(`\n${label}: ${patients.toLocaleString('en')} patients loaded in ${(loaded / 1000).toFixed(1)} s`);
  const handle = await serve(loading);
  // One request at a time leaves nothing to shed; on PGlite a long statement holds this process's
  // event loop, which the shedding would otherwise read as overload.
  const config = loadConfig({
    ...env,
    SHED_EVENT_LOOP_DELAY_MS: '0',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    DEMO_MODE: 'false',
    WEB_ROOT: path.join(ROOT, 'no-web-root'),
  });
  const app = await buildApp(config, { handle, seed: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const [middle] = (
      await app.database.query(
        `select medical_record_number from patient_profiles order by user_id offset ${Math.floor(patients / 2)} limit 1`,
      )
    ).rows as { medical_record_number: string }[];
    const shapes = SHAPES.map((shape) => (shape.name === 'MRN' ? { ...shape, query: middle!.medical_record_number } : shape));
    const cookies: string[] = [];
    const sessions = new SessionStore(app.db);
    for (let i = 0; i < ADMINS; i += 1) {
      const [admin] = (
        await app.database.query(
          `insert into users (email, role, first_name, last_name) values ('admin${i}-${randomBytes(3).toString('hex')}@bench.example', 'admin', 'Bench', 'Admin') returning id`,
        )
      ).rows as { id: string }[];
      const session = await sessions.create(admin!.id, { ip: '127.0.0.1', userAgent: 'bench' });
      cookies.push(`${sessionCookieName(false)}=${session.token}`);
    }
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    let sent = 0;
    const ask = async (query: string) => {
      const cookie = cookies[sent++ % cookies.length]!;
      const started = performance.now();
      const response = await fetch(`${base}/api/search?query=${encodeURIComponent(query)}`, { headers: { cookie } });
      const body = (await response.json()) as { data?: { patients: unknown[] } };
      const took = performance.now() - started;
      if (response.status !== 200) throw new Error(`search "${query}" answered ${response.status}: ${JSON.stringify(body)}`);
      return { took, found: body.data?.patients.length ?? 0 };
    };
    // Loading in this process (PGlite) held the event loop for seconds, so the server sheds load
    // for a moment after; the measuring starts once it answers again.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const probe = await fetch(`${base}/api/search?query=a`, { headers: { cookie: cookies[0]! } });
      await probe.arrayBuffer();
      if (probe.status === 200) break;
      if (Date.now() > deadline) throw new Error(`the server still answers ${probe.status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const floor: number[] = [];
    for (let i = 0; i < WARM_UP + REQUESTS; i += 1) {
      const started = performance.now();
      await app.database.query('select 1');
      if (i >= WARM_UP) floor.push(performance.now() - started);
    }
    const select1 = summary(floor);
    console.log(`${'SELECT 1'.padEnd(12)} p50 ${ms(select1.p50)} ms  p95 ${ms(select1.p95)} ms  p99 ${ms(select1.p99)} ms`);
    for (const shape of shapes) {
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < WARM_UP + REQUESTS; i += 1) {
        const answer = await ask(shape.query);
        found = answer.found;
        if (i >= WARM_UP) times.push(answer.took);
      }
      const figures = summary(times);
      console.log(
        `${shape.name.padEnd(12)} p50 ${ms(figures.p50)} ms  p95 ${ms(figures.p95)} ms  p99 ${ms(figures.p99)} ms` +
          `  p50/SELECT 1 ${(figures.p50 / select1.p50).toFixed(0).padStart(4)}x  ("${shape.query}", ${found} patients shown)`,
      );
    }
  } finally {
    await app.close();
    // The app leaves a handle it was given open (or has closed it already).
    await handle.close().catch(() => undefined);
    await cleanUp();
  }
}

const postgresPatients = Number(options.postgres);
const pglitePatients = Number(options.pglite);

if (postgresPatients > 0) {
  const name = `caredeck_bench_search_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await run(
    `PostgreSQL (${url.host})`,
    { DATABASE_URL: url.toString() },
    postgresPatients,
    async () => {
      await admin.query(`create database ${name}`);
      return openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', limits: MAINTENANCE_LIMITS });
    },
    async (loading) => {
      await loading.close();
      return openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    },
    async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  );
}

if (pglitePatients > 0) {
  await run(
    'PGlite (in memory)',
    { DATA_DIR: 'memory://' },
    pglitePatients,
    () => openDatabase({ dataDir: 'memory://', limits: MAINTENANCE_LIMITS }),
    async (loading) => loading,
    async () => undefined,
  );
}
