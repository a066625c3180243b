/**
 * A doctor's chart at scale, against its floor, on PostgreSQL:
 *   chart        GET /api/patients/{id}/complete   a patient with ten years of history
 *                (weekly vitals, lab panels, 100 signed notes, medications, problems, documents)
 *   my patients  GET /api/patients?search=…        the doctor's "My patients" searched by name,
 *                among 100,000 patients of whom the doctor cares for a few dozen
 *   everyone     GET /api/patients?search=…        the same search as an admin, over all 100,000
 * Goal: p95 ≤ 50 ms for the chart and for "My patients".
 *
 * The floor is the same work without Caredeck: the statements one request of each kind runs are read
 * from the driver of a Caredeck built in this process, then a bare `node:http` server with the raw
 * `pg` driver replays exactly those statements (session lookup, selects and the audit insert, in the
 * same order, on one pooled connection) and answers the rows as JSON. What Caredeck spends beyond
 * it is the cost of its layers: routing, validation, scoping, serialising the answer. How the two
 * sides take turns: bench/floor-comparison.ts.
 *
 *   npm run bench:chart [-- --rounds 5 --seconds 4 --concurrency 4 --patients 100000 --statements]
 *   (--statements lists each request's statements with the median time each takes alone; --profile
 *   writes a CPU profile of the Caredeck process to DIR, to open in Chrome's DevTools.)
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): where a database of
 *   its own is created for the run and dropped after.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client';
import {
  buildClinicalHistory,
  createDoctor,
  createPatient,
  createUser,
  FIRST_NAMES,
  insertClinicalHistories,
  LAST_NAMES,
  Random,
} from '../src/server/db/factories';
import { applyMigrations } from '../src/server/db/migrate';
import { careAssignments, clinicalNotes } from '../src/server/db/schema';
import { SessionStore } from '../src/server/platform/session';
import { ADMIN_URL, databaseUrl, withAdmin, type Probe } from './bench-support';
import { compareWithFloor, ensureBuiltServer } from './floor-comparison';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '4' },
    patients: { type: 'string', default: '100000' },
    statements: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const ROUNDS = Number(options.rounds);
const ROUND_SECONDS = Number(options.seconds);
const CONCURRENCY = Number(options.concurrency);
const PATIENTS = Number(options.patients);
const APP_PORT = 5393;
const FLOOR_PORT = 5394;
const GOAL_P95_MS = 50;
/** The surname searched for: the chart's patient has it, like about one patient in 52. */
const SEARCHED_NAME = LAST_NAMES[7]!;

interface Fixture {
  chartPatientId: string;
  /** A last name among the doctor's own patients, and how many of everyone share it. */
  searchName: string;
  doctorCookie: string;
  adminCookie: string;
  counts: Record<string, number>;
}

/**
 * 100,000 patients in bulk, a doctor caring for 60 of them, and one of those with ten years of
 * history: the demo factories' vitals, visits and medications over 120 months, its lab panels
 * repeated every 90 days back (over 60 in all), and 100 signed visit notes.
 */
async function prepare(url: string): Promise<Fixture> {
  // Filling 100,000 patients with their name indexes takes longer than a request's statement may.
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', limits: { statementTimeoutMs: 600_000 } });
  try {
    await applyMigrations(handle);
    const q = (text: string, values?: unknown[]) => handle.query(text, values);
    // Names drawn from the factories' lists, as a practice's are: a common surname is shared by
    // about 2,000 of 100,000 patients, which is what a search for it must page through.
    await q(
      `insert into users (id, email, first_name, last_name, role, date_of_birth)
       select gen_random_uuid(), 'p' || g || '@bench.local', ($1::text[])[1 + g % $2], ($3::text[])[1 + (g / $2) % $4], 'patient', date '1940-01-01' + (g % 25000)
       from generate_series(1, ${PATIENTS}) g`,
      [FIRST_NAMES, FIRST_NAMES.length, LAST_NAMES, LAST_NAMES.length],
    );
    await q(`insert into patient_profiles (user_id) select id from users where role = 'patient'`);
    const random = new Random(11);
    const db = handle.db;
    const { user: doctor } = await createDoctor(db, random);
    const admin = await createUser(db, random, { role: 'admin' });
    const { user: patient } = await createPatient(db, random, { lastName: 'Last4242' });
    await q(
      `insert into care_assignments (doctor_id, patient_id) select $1, id from users where role = 'patient' and last_name <> 'Last4242' order by id limit 59`,
      [doctor.id],
    );
    await db.insert(careAssignments).values({ doctorId: doctor.id, patientId: patient.id });
    const now = new Date();
    const history = buildClinicalHistory(random, { patientId: patient.id, careTeam: [doctor.id], now, months: 120 });
    await insertClinicalHistories(db, [history]);
    await db.insert(clinicalNotes).values(
      Array.from({ length: 100 }, (_, i) => {
        const signedAt = new Date(now.getTime() - (i + 1) * 36 * 86_400_000);
        return {
          patientId: patient.id,
          doctorId: doctor.id,
          status: 'signed' as const,
          subjective: `Follow-up visit ${i + 1}: feeling well, no new complaints.`,
          objective: 'Vitals within the usual range.',
          assessment: 'Stable.',
          plan: 'Continue the current treatment; review in three months.',
          instructions: 'Keep taking your medication as prescribed.',
          signedAt,
          createdAt: signedAt,
          updatedAt: signedAt,
        };
      }),
    );
    // The factories give a few panels a year; ten years of a chronic patient's follow-up have more.
    // Each panel is repeated every 90 days back, with its components.
    await q(
      `with copies as (
         select o.*, gen_random_uuid() as new_id, k * interval '90 days' as back
         from lab_orders o, generate_series(1, 12) k where o.patient_id = $1
       ), inserted as (
         insert into lab_orders (id, patient_id, kind, panel_code, panel_name, status, priority, reason, ordered_by,
           ordered_at, collected_at, resulted_at, reviewed_at, reviewed_by, released_at, updated_at)
         select new_id, patient_id, kind, panel_code, panel_name, status, priority, reason, ordered_by,
           ordered_at - back, collected_at - back, resulted_at - back, reviewed_at - back, reviewed_by, released_at - back, updated_at - back
         from copies returning id
       )
       insert into lab_result_components (order_id, patient_id, loinc_code, name, value, unit, reference_low, reference_high, flag)
       select c.new_id, r.patient_id, r.loinc_code, r.name, r.value, r.unit, r.reference_low, r.reference_high, r.flag
       from copies c join inserted i on i.id = c.new_id join lab_result_components r on r.order_id = c.id`,
      [patient.id],
    );
    await q('analyze');
    const count = async (table: string) =>
      Number((await q(`select count(*)::int as n from ${table} where patient_id = $1`, [patient.id])).rows[0]!.n);
    const counts = {
      vitals: await count('vitals'),
      'lab panels': await count('lab_orders'),
      notes: await count('clinical_notes'),
      appointments: await count('appointments'),
      medications: await count('medications'),
    };
    const sessions = new SessionStore(db);
    const forDoctor = await sessions.create(doctor.id, { ip: '127.0.0.1', userAgent: 'bench' });
    const forAdmin = await sessions.create(admin.id, { ip: '127.0.0.1', userAgent: 'bench' });
    return {
      chartPatientId: patient.id,
      searchName: SEARCHED_NAME,
      doctorCookie: `caredeck-session=${forDoctor.token}`,
      adminCookie: `caredeck-session=${forAdmin.token}`,
      counts,
    };
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  ensureBuiltServer();
  const name = `caredeck_bench_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = databaseUrl(name);
  try {
    const prepared = performance.now();
    const fixture = await prepare(url);
    const probes: Probe[] = [
      { name: 'chart', method: 'GET', url: `/api/patients/${fixture.chartPatientId}/complete`, headers: { cookie: fixture.doctorCookie } },
      {
        name: 'my patients',
        method: 'GET',
        url: `/api/patients?search=${fixture.searchName}&page=1&pageSize=25`,
        headers: { cookie: fixture.doctorCookie },
      },
      {
        name: 'everyone',
        method: 'GET',
        url: `/api/patients?search=${fixture.searchName}&page=1&pageSize=25`,
        headers: { cookie: fixture.adminCookie },
      },
    ];
    console.log(
      `bench:chart — ${PATIENTS.toLocaleString('en')} patients (prepared in ${((performance.now() - prepared) / 1000).toFixed(0)} s); ` +
        `the chart's patient: ${Object.entries(fixture.counts)
          .map(([what, n]) => `${n} ${what}`)
          .join(', ')}`,
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
      goalP95Ms: (probe) => (probe.name === 'everyone' ? undefined : GOAL_P95_MS),
      statements: options.statements,
      profileDir: options.profile,
    });
  } finally {
    await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
