/**
 * The admin's figures at hospital-group scale, against their floor, on PostgreSQL: 1,000,000
 * appointments (200 doctors over about three years, up to five visits a doctor a day) among 100,000
 * patients, with the statuses a real clinic's history has (mostly completed, some no-shows and
 * cancellations, the future still scheduled).
 *   dashboard        GET /api/admin/dashboard-stats
 *   90 days          GET /api/admin/analytics                      the default period, counted per day
 *   a year           GET /api/admin/analytics?from=…&to=…           366 days, counted per week
 *   a year, doctor   the same for one doctor
 *   a year, specialty the same for one specialty
 * Goal: p95 ≤ 200 ms for each.
 *
 * The floor replays the statements Caredeck ran for the same request over raw `pg` behind a bare
 * `node:http` server (bench/replay-floor.ts); bench/floor-comparison.ts alternates the two sides.
 *
 *   npm run bench:analytics [-- --rounds 5 --seconds 4 --concurrency 4 --appointments 1000000 --statements]
 *   (--port moves both servers off 5395/5396 when another bench holds them.)
 *   (--keep leaves the filled database in place and prints its name, to try a statement's plan by hand.)
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): where a database of
 *   its own is created for the run and dropped after.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { SPECIALTIES } from '../src/contracts/specialties';
import { openDatabase } from '../src/server/db/client';
import { createDoctor, createUser, FIRST_NAMES, LAST_NAMES, Random } from '../src/server/db/factories';
import { applyMigrations } from '../src/server/db/migrate';
import { SessionStore } from '../src/server/platform/session';
import { ADMIN_URL, databaseUrl, withAdmin, type Probe } from './bench-support';
import { compareWithFloor, ensureBuiltServer } from './floor-comparison';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '4' },
    appointments: { type: 'string', default: '1000000' },
    patients: { type: 'string', default: '100000' },
    statements: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    profile: { type: 'string' },
    port: { type: 'string', default: '5395' },
  },
});
const ROUNDS = Number(options.rounds);
const ROUND_SECONDS = Number(options.seconds);
const CONCURRENCY = Number(options.concurrency);
const APPOINTMENTS = Number(options.appointments);
const PATIENTS = Number(options.patients);
const DOCTORS = 200;
const VISITS_PER_DAY = 5;
/** Days of history after today: the rest of the days lie before it. */
const FUTURE_DAYS = 90;
/** Caredeck's port; the floor takes the next one. Another bench on the machine may hold the default. */
const APP_PORT = Number(options.port);
const FLOOR_PORT = APP_PORT + 1;
const GOAL_P95_MS = 200;

interface Fixture {
  adminCookie: string;
  doctorId: string;
  specialty: string;
  days: { first: string; last: string };
}

/**
 * The doctors through the factories (profiles, weekly hours), the patients and appointments in bulk.
 * Appointment g goes to doctor g mod 200, on day (g div 200) div 5 counted from the first day, at one of
 * five half-hour times: no two share a doctor's start time, as the database requires of live visits.
 */
async function prepare(url: string): Promise<Fixture> {
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', limits: { statementTimeoutMs: 1_800_000 } });
  try {
    await applyMigrations(handle);
    const q = (text: string, values?: unknown[]) => handle.query(text, values);
    const random = new Random(19);
    const db = handle.db;
    const doctors: { id: string; specialty: string }[] = [];
    for (let i = 0; i < DOCTORS; i += 1) {
      const specialty = SPECIALTIES[i % SPECIALTIES.length]!;
      const { user } = await createDoctor(db, random, specialty);
      doctors.push({ id: user.id, specialty: specialty.name });
    }
    const admin = await createUser(db, random, { role: 'admin' });
    // Patients registered over the same years, so "new patients" has something to count.
    const historyDays = Math.ceil(APPOINTMENTS / DOCTORS / VISITS_PER_DAY);
    await q(
      `insert into users (id, email, first_name, last_name, role, date_of_birth, created_at)
       select gen_random_uuid(), 'p' || g || '@bench.local', ($1::text[])[1 + g % $2], ($3::text[])[1 + (g / $2) % $4], 'patient',
         date '1940-01-01' + (g % 25000), now() - (g % $5) * interval '1 day'
       from generate_series(1, ${PATIENTS}) g`,
      [FIRST_NAMES, FIRST_NAMES.length, LAST_NAMES, LAST_NAMES.length, historyDays],
    );
    await q(`insert into patient_profiles (user_id) select id from users where role = 'patient'`);
    await q(`create temporary table bench_doctors as select (row_number() over ()) - 1 as n, id from unnest($1::uuid[]) id`, [
      doctors.map((doctor) => doctor.id),
    ]);
    await q(`create temporary table bench_patients as select (row_number() over ()) - 1 as n, id from users where role = 'patient'`);
    const firstDay = `current_date - ${historyDays - FUTURE_DAYS}`;
    await q(
      `insert into appointments (patient_id, doctor_id, starts_at, duration_minutes, type, status, reason, created_at, updated_at, cancelled_at)
       select p.id, d.id, s.starts_at, 30, case when g % 5 = 0 then 'video' else 'in-person' end,
         case
           when s.starts_at >= now() then case when g % 11 = 0 then 'cancelled' else 'scheduled' end
           when g % 17 = 0 then 'no-show'
           when g % 9 = 0 then 'cancelled'
           else 'completed'
         end,
         'Follow-up visit', s.starts_at - interval '14 days', s.starts_at, null
       from generate_series(0, ${APPOINTMENTS - 1}) g
       cross join lateral (
         select ((${firstDay}) + ((g / ${DOCTORS}) / ${VISITS_PER_DAY})::int)::timestamp at time zone 'UTC'
           + interval '9 hours' + ((g / ${DOCTORS}) % ${VISITS_PER_DAY}) * interval '30 minutes' as starts_at
       ) s
       join bench_doctors d on d.n = g % ${DOCTORS}
       join bench_patients p on p.n = (g::bigint * 7919) % ${PATIENTS}`,
    );
    await q('vacuum analyze');
    const days = (await q(`select min(starts_at)::date::text as first, max(starts_at)::date::text as last from appointments`)).rows[0] as {
      first: string;
      last: string;
    };
    const sessions = new SessionStore(db);
    const forAdmin = await sessions.create(admin.id, { ip: '127.0.0.1', userAgent: 'bench' });
    return { adminCookie: `caredeck-session=${forAdmin.token}`, doctorId: doctors[0]!.id, specialty: doctors[0]!.specialty, days };
  } finally {
    await handle.close();
  }
}

/** The calendar day `days` before today (UTC), as YYYY-MM-DD. */
function dayBefore(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

async function main(): Promise<void> {
  ensureBuiltServer();
  const name = `caredeck_bench_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = databaseUrl(name);
  try {
    const prepared = performance.now();
    const fixture = await prepare(url);
    const headers = { cookie: fixture.adminCookie };
    const year = `from=${dayBefore(365)}&to=${dayBefore(0)}`;
    const probes: Probe[] = [
      { name: 'dashboard', method: 'GET', url: '/api/admin/dashboard-stats', headers },
      { name: '90 days', method: 'GET', url: '/api/admin/analytics', headers },
      { name: 'a year', method: 'GET', url: `/api/admin/analytics?${year}`, headers },
      { name: 'a year, one doctor', method: 'GET', url: `/api/admin/analytics?${year}&doctorId=${fixture.doctorId}`, headers },
      {
        name: 'a year, one specialty',
        method: 'GET',
        url: `/api/admin/analytics?${year}&specialty=${encodeURIComponent(fixture.specialty)}`,
        headers,
      },
    ];
    console.log(
      `bench:analytics — ${APPOINTMENTS.toLocaleString('en')} appointments of ${DOCTORS} doctors from ${fixture.days.first} to ` +
        `${fixture.days.last}, ${PATIENTS.toLocaleString('en')} patients (prepared in ${((performance.now() - prepared) / 1000).toFixed(0)} s)`,
    );
    console.log(
      `${ROUNDS} rounds of ${ROUND_SECONDS} s per side, ${CONCURRENCY} connections, PostgreSQL ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}\n`,
    );
    await compareWithFloor({
      url,
      probes,
      appPort: APP_PORT,
      floorPort: FLOOR_PORT,
      rounds: ROUNDS,
      seconds: ROUND_SECONDS,
      concurrency: CONCURRENCY,
      goalP95Ms: () => GOAL_P95_MS,
      statements: options.statements,
      profileDir: options.profile,
    });
  } finally {
    if (options.keep) console.log(`kept the database: ${url}`);
    else await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
