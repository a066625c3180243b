import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema, type Analytics } from '../../../contracts/analytics';
import { APPOINTMENT_STATUSES } from '../../../contracts/appointments';
import { SPECIALTIES } from '../../../contracts/specialties';
import type { SystemSettings } from '../../../contracts/system-settings';
import { createDoctor, createPatient, Random } from '../../db/factories';
import { createActor, type Actor } from '../../test-support/idor-harness';
import { settingsBodyOf } from '../../test-support/system-settings-body';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// The analytics read counts kept by triggers on appointments. Here appointments are booked,
// cancelled, moved, handed to another doctor, given other statuses and deleted at random, one
// statement or several at a time, and after each round every figure the analytics answer (over the
// whole clinic, for one doctor, for one specialty; per day and per week; in zones a quarter or three
// quarters of an hour off UTC and one that changes to summer time in the period) must equal the
// appointments counted one by one, on the clinic's calendar worked out for each appointment.

const random = new Random(4242);
const cardiology = SPECIALTIES.find((specialty) => specialty.name === 'Cardiology')!;
const dermatology = SPECIALTIES.find((specialty) => specialty.name === 'Dermatology')!;
// Kathmandu (+05:45) by the name the zone list offers.
const ZONES = ['Asia/Katmandu', 'Pacific/Chatham', 'America/New_York', 'UTC'];
/** A few days over a month's end, a long period per week with whole months inside, one day, and a month to the day. */
const PERIODS = [
  ['2026-02-25', '2026-03-10'],
  ['2026-01-20', '2026-05-10'],
  ['2026-03-08', '2026-03-08'],
  ['2026-03-01', '2026-03-31'],
] as const;
/** Appointments start between these two instants. */
const FIRST_START = Date.parse('2026-01-15T00:00:00Z');
const START_MINUTES = 120 * 24 * 60;

let t: TestApp;
let admin: Actor;
let patientId: string;
let doctors: { id: string; specialty: string }[];
let drawn = 0;

/** A start no other appointment of the test has had: any minute of the window, never the same twice. */
function freshStart(): Date {
  drawn += 1;
  return new Date(FIRST_START + ((drawn * 7919) % START_MINUTES) * 60_000);
}

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const pick = <T>(items: readonly T[]): T => random.pick(items);

async function someIds(count: number): Promise<string[]> {
  const ids = await rows<{ id: string }>(sql`select id from appointments order by id`);
  return Array.from({ length: Math.min(count, ids.length) }, () => pick(ids).id);
}

const ids = (list: string[]) =>
  sql.join(
    list.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** One random change of appointments, as one statement (or a few, in one transaction). */
async function randomWrite(): Promise<void> {
  const kind = random.int(0, 7);
  if (kind <= 1) {
    const values = Array.from(
      { length: random.int(1, 4) },
      () =>
        sql`(${patientId}::uuid, ${pick(doctors).id}::uuid, ${freshStart().toISOString()}::timestamptz, ${pick(['in-person', 'video'])}, ${pick(APPOINTMENT_STATUSES)}, 'Follow-up')`,
    );
    await t.app.db.execute(
      sql`insert into appointments (patient_id, doctor_id, starts_at, type, status, reason) values ${sql.join(values, sql`, `)}`,
    );
    return;
  }
  const chosen = await someIds(random.int(1, 3));
  if (chosen.length === 0) return;
  switch (kind) {
    case 2:
      await t.app.db.execute(sql`update appointments set status = 'cancelled', cancelled_at = now() where id in (${ids(chosen)})`);
      break;
    case 3:
      // A reschedule: each to a time of its own.
      for (const id of chosen)
        await t.app.db.execute(sql`update appointments set starts_at = ${freshStart().toISOString()}::timestamptz where id = ${id}`);
      break;
    case 4:
      await t.app.db.execute(sql`update appointments set status = ${pick(APPOINTMENT_STATUSES)} where id in (${ids(chosen)})`);
      break;
    case 5:
      await t.app.db.execute(
        sql`update appointments set doctor_id = ${pick(doctors).id}::uuid, type = ${pick(['in-person', 'video'])} where id in (${ids(chosen)})`,
      );
      break;
    case 6:
      // Changes no count: the same buckets before and after.
      await t.app.db.execute(sql`update appointments set confirmed_at = now(), updated_at = now() where id in (${ids(chosen)})`);
      break;
    default:
      await t.app.db.transaction(async (tx) => {
        await tx.execute(sql`delete from appointments where id in (${ids(chosen)})`);
        await tx.execute(
          sql`insert into appointments (patient_id, doctor_id, starts_at, type, status, reason)
              values (${patientId}::uuid, ${pick(doctors).id}::uuid, ${freshStart().toISOString()}::timestamptz, 'video', 'scheduled', 'Follow-up')`,
        );
      });
  }
}

async function setZone(zone: string): Promise<void> {
  const current = (await admin.agent.get('/api/admin/system-settings')).json<{ data: SystemSettings }>().data;
  const response = await admin.agent.put('/api/admin/system-settings', settingsBodyOf(current, { clinicTimeZone: zone }));
  expect(response.statusCode, response.body).toBe(200);
}

async function analytics(query: string): Promise<Analytics> {
  const response = await admin.agent.get(`/api/admin/analytics?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return analyticsSchema.parse(response.json().data);
}

type Filter = { doctorId?: string; specialty?: string };

/** The figures the analytics should give, from each appointment's own day on the clinic's calendar. */
async function countedOneByOne(zone: string, from: string, to: string, unit: 'day' | 'week', filter: Filter) {
  const local = sql`(a.starts_at at time zone ${zone})`;
  const where = sql`${local}::date between ${from}::date and ${to}::date
    ${filter.doctorId ? sql`and a.doctor_id = ${filter.doctorId}` : sql``}
    ${filter.specialty ? sql`and d.specialty = ${filter.specialty}` : sql``}`;
  const from_ = sql`from appointments a join doctor_profiles d on d.user_id = a.doctor_id where ${where}`;
  const [buckets, perDoctor, perWeekday] = await Promise.all([
    rows<{ bucket: string; status: string; type: string; n: number }>(
      sql`select to_char(date_trunc(${unit}, ${local}), 'YYYY-MM-DD') as bucket, a.status, a.type, count(*)::int as n ${from_} group by 1, 2, 3`,
    ),
    rows<{ doctor_id: string; total: number; due: number; no_shows: number; cancelled: number }>(
      sql`select a.doctor_id, count(*)::int as total, count(*) filter (where a.status in ('completed', 'no-show'))::int as due,
            count(*) filter (where a.status = 'no-show')::int as no_shows, count(*) filter (where a.status = 'cancelled')::int as cancelled
          ${from_} group by 1`,
    ),
    rows<{ weekday: number; total: number }>(
      sql`select extract(isodow from ${local})::int as weekday, count(*)::int as total ${from_} group by 1`,
    ),
  ]);
  const byBucket = new Map<string, { statuses: Record<string, number>; types: Record<string, number>; total: number }>();
  for (const row of buckets) {
    const bucket = byBucket.get(row.bucket) ?? { statuses: {}, types: {}, total: 0 };
    bucket.statuses[row.status] = (bucket.statuses[row.status] ?? 0) + Number(row.n);
    bucket.types[row.type] = (bucket.types[row.type] ?? 0) + Number(row.n);
    bucket.total += Number(row.n);
    byBucket.set(row.bucket, bucket);
  }
  return {
    buckets: [...byBucket.entries()].sort(([a], [b]) => a.localeCompare(b)),
    byDoctor: perDoctor
      .map((row) => ({ doctorId: row.doctor_id, total: row.total, due: row.due, noShows: row.no_shows, cancelled: row.cancelled }))
      .sort((a, b) => a.doctorId.localeCompare(b.doctorId)),
    byWeekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) => perWeekday.find((row) => row.weekday === weekday)?.total ?? 0),
  };
}

/** The analytics' answer in the same shape, empty buckets and zero counts left out. */
function answered(result: Analytics) {
  const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
  return {
    buckets: result.appointments
      .filter((bucket) => bucket.total > 0)
      .map((bucket) => [bucket.bucket, { statuses: nonZero(bucket.statuses), types: nonZero(bucket.types), total: bucket.total }] as const),
    byDoctor: result.byDoctor
      .map((row) => ({ doctorId: row.doctorId, total: row.total, due: row.due, noShows: row.noShows, cancelled: row.cancelled }))
      .sort((a, b) => a.doctorId.localeCompare(b.doctorId)),
    byWeekday: result.byWeekday.map((row) => row.total),
  };
}

async function expectEveryFigureExact(zone: string): Promise<void> {
  const filters: Filter[] = [{}, { doctorId: doctors[0]!.id }, { specialty: dermatology.name }];
  for (const [from, to] of PERIODS) {
    for (const filter of filters) {
      const query = new URLSearchParams({ from, to, ...filter }).toString();
      const result = await analytics(query);
      expect(result.clinicTimeZone).toBe(zone);
      expect(answered(result), `${zone} ${query}`).toEqual(await countedOneByOne(zone, from, to, result.granularity, filter));
    }
  }
}

/** Whether two queries give the same rows, in the same order. */
async function same(kept: SQL, recounted: SQL): Promise<boolean> {
  const [row] = await rows<{ same: boolean }>(
    sql`select (select array_agg(k) from (${kept}) k) is not distinct from (select array_agg(r) from (${recounted}) r) as same`,
  );
  return row!.same;
}

/** The kept counts are the appointments counted now, and no bucket is kept at zero. */
async function expectCountsKeptExact(): Promise<void> {
  const quarter = sql`date_bin(interval '15 minutes', starts_at, timestamptz '2000-01-01')`;
  expect(
    await same(
      sql`select quarter, status, type, n from appointment_quarter_counts order by 1, 2, 3`,
      sql`select ${quarter}, status, type, count(*)::int from appointments group by 1, 2, 3 order by 1, 2, 3`,
    ),
    'per quarter hour',
  ).toBe(true);
  expect(
    await same(
      sql`select day, doctor_id, status, n from appointment_doctor_day_counts order by 1, 2, 3`,
      sql`select (starts_at at time zone 'UTC')::date, doctor_id, status, count(*)::int from appointments group by 1, 2, 3 order by 1, 2, 3`,
    ),
    'per doctor and day',
  ).toBe(true);
  expect(
    await same(
      sql`select month, doctor_id, status, n from appointment_doctor_month_counts order by 1, 2, 3`,
      sql`select date_trunc('month', starts_at at time zone 'UTC')::date, doctor_id, status, count(*)::int
          from appointments group by 1, 2, 3 order by 1, 2, 3`,
    ),
    'per doctor and month',
  ).toBe(true);
}

beforeAll(async () => {
  t = await createTestApp({ config: { clinicTimeZone: 'UTC' } });
  await t.app.ready();
  admin = await createActor(t.app, 'admin');
  patientId = (await createPatient(t.app.db, random)).user.id;
  doctors = [];
  for (const specialty of [cardiology, dermatology, dermatology, cardiology]) {
    doctors.push({ id: (await createDoctor(t.app.db, random, specialty)).user.id, specialty: specialty.name });
  }
  // Some appointments before the first round, the rest come from the random writes.
  for (let i = 0; i < 20; i += 1) await randomWrite();
});

afterAll(async () => {
  await t.close();
});

describe('analytics counted ahead', () => {
  it('equal the appointments counted one by one after random bookings, cancellations, moves, status changes and deletions', async () => {
    for (let round = 0; round < ZONES.length; round += 1) {
      for (let i = 0; i < 30; i += 1) await randomWrite();
      await expectCountsKeptExact();
      // The zone is a setting an administrator may change at any time: the counts kept stay right.
      const zone = ZONES[round % ZONES.length]!;
      await setZone(zone);
      await expectEveryFigureExact(zone);
    }
  });

  it('stay exact when a doctor is deleted with their appointments, and when appointments are emptied', async () => {
    const leaving = doctors.pop()!;
    await t.app.db.execute(sql`delete from users where id = ${leaving.id}`);
    await expectCountsKeptExact();
    await setZone('Asia/Katmandu');
    await expectEveryFigureExact('Asia/Katmandu');

    await t.app.db.execute(sql`truncate appointments cascade`);
    await expectCountsKeptExact();
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from appointment_quarter_counts`))[0]!.n).toBe(0);
  });

  it('count two bookings of one quarter hour made by two transactions at once', async () => {
    const start = freshStart();
    const before = await rows<{ n: number }>(
      sql`select coalesce(sum(n), 0)::int as n from appointment_quarter_counts
          where quarter = date_bin(interval '15 minutes', ${start.toISOString()}::timestamptz, timestamptz '2000-01-01')`,
    );
    // Each books a different doctor at the same start: on PostgreSQL the second waits on the first's
    // count and adds to it once the first commits.
    await Promise.all(
      doctors.slice(0, 2).map((doctor) =>
        t.app.db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into appointments (patient_id, doctor_id, starts_at, type, status, reason)
                values (${patientId}::uuid, ${doctor.id}::uuid, ${start.toISOString()}::timestamptz, 'in-person', 'scheduled', 'Follow-up')`,
          );
        }),
      ),
    );
    const after = await rows<{ n: number }>(
      sql`select coalesce(sum(n), 0)::int as n from appointment_quarter_counts
          where quarter = date_bin(interval '15 minutes', ${start.toISOString()}::timestamptz, timestamptz '2000-01-01')`,
    );
    expect(after[0]!.n - before[0]!.n).toBe(2);
    await expectCountsKeptExact();
  });
});
