import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/client';
import { applyMigrations } from '../src/server/db/migrate';

// `npx tsx bench/patients-list.ts [patients]`: the doctor's "My patients" page on an embedded
// database holding many patients (100,000 by default), with the doctor's care set written as two
// EXISTS joined by OR (the old form) and as one IN (platform/patient-scope.ts). Prints the median of
// each over several runs, and a name search over everyone (an admin's) with the trigram indexes.

const PATIENTS = Number(process.argv[2] ?? 100_000);
const RUNS = 7;

const handle = await openDatabase({ dataDir: 'memory://' });
await applyMigrations(handle);
const q = (text: string, values?: unknown[]) => handle.query(text, values);

await q(`insert into users (id, email, first_name, last_name, role, date_of_birth)
  select gen_random_uuid(), 'p' || g || '@bench.local', 'First' || (g % 997), 'Last' || g, 'patient', date '1950-01-01' + (g % 20000)
  from generate_series(1, ${PATIENTS}) g`);
await q(`insert into patient_profiles (user_id) select id from users where role = 'patient'`);
const doctor = (
  await q(`insert into users (email, first_name, last_name, role) values ('doc@bench.local', 'Dee', 'Doc', 'doctor') returning id`)
).rows[0]!.id as string;
await q(`insert into care_assignments (doctor_id, patient_id) select $1, id from users where role = 'patient' order by id limit 60`, [
  doctor,
]);
await q('analyze');

const page = (care: string) => `select u.id, u.first_name, u.last_name, p.medical_record_number, count(*) over () as total
  from patient_profiles p join users u on u.id = p.user_id
  where ${care} order by u.last_name, u.first_name, u.id limit 20 offset 0`;
const oldCare = `(exists (select 1 from care_assignments c where c.doctor_id = $1 and c.patient_id = p.user_id)
  or exists (select 1 from appointments a where a.doctor_id = $1 and a.patient_id = p.user_id))`;
const newCare = `p.user_id in (select patient_id from care_assignments where doctor_id = $1 union all select patient_id from appointments where doctor_id = $1)`;

async function median(text: string, values: unknown[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await q(text, values);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

const before = await median(page(oldCare), [doctor]);
const after = await median(page(newCare), [doctor]);
const search = await median(
  `select u.id from patient_profiles p join users u on u.id = p.user_id
   where (u.first_name || ' ' || u.last_name) ilike $1 or (u.last_name || ' ' || u.first_name) ilike $1 or p.medical_record_number ilike $1
   order by u.last_name, u.first_name, u.id limit 20`,
  ['%Last4242%'],
);
const searchIn = await median(
  `select u.id from patient_profiles p join users u on u.id = p.user_id
   where p.user_id in (select id from users where (first_name || ' ' || last_name) ilike $1 or (last_name || ' ' || first_name) ilike $1
     union all select user_id from patient_profiles where medical_record_number ilike $1)
   order by u.last_name, u.first_name, u.id limit 20`,
  ['%Last4242%'],
);
console.log(`patients: ${PATIENTS}`);
console.log(`doctor page, OR of EXISTS: ${before.toFixed(1)} ms (median of ${RUNS})`);
console.log(`doctor page, IN:           ${after.toFixed(1)} ms (median of ${RUNS})  ratio ${(before / after).toFixed(1)}x`);
console.log(`name search over everyone, OR across tables: ${search.toFixed(1)} ms (median of ${RUNS})`);
console.log(
  `name search over everyone, IN per table:     ${searchIn.toFixed(1)} ms (median of ${RUNS})  ratio ${(search / searchIn).toFixed(1)}x`,
);
await handle.close();
