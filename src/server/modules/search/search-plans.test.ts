import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQuery } from '../../../contracts/search';
import { appointments, patientProfiles } from '../../db/schema';
import { PatientScope } from '../../platform/patient-scope';
import { testDatabaseUrl } from '../../test-support/test-database';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { appointmentSearch, doctorSearch, patientSearch, staffSearch } from './search.repository';

// The search must not read every patient to answer (docs/decisions/029-search-trigram-indexes.md):
// the plan PostgreSQL chooses for each query shape the endpoint sends, over enough patients for the
// planner to care, has no sequential scan of the tables that hold patients. PGlite's planner is
// PostgreSQL's too, but the figures that matter are PostgreSQL's, so this runs there only.

const PATIENTS = 100_000;
// Syllables combined into about 1,400 first and 7,000 last names (accents included), so that a
// name matches about as many patients as a real one does, not a tenth of the table.
const FIRST_START = [
  'ma',
  'jo',
  'chen',
  'ai',
  'oli',
  'fa',
  'lu',
  'so',
  'mo',
  'é',
  'ka',
  'ri',
  'to',
  'na',
  'be',
  'da',
  'ha',
  'yu',
  'li',
  'xi',
  'ro',
  'sa',
  'pe',
  'an',
  'el',
  'mi',
  'ta',
  'ni',
  'ko',
  'za',
  've',
  'gu',
  'do',
  'wi',
  'ré',
  'ul',
  'ir',
];
const FIRST_END = [
  'ria',
  'sé',
  'na',
  'sha',
  'ver',
  'tima',
  'kas',
  'fia',
  'med',
  'lodie',
  'ren',
  'ta',
  'bias',
  'dia',
  'nika',
  'vid',
  'ns',
  'ki',
  'ang',
  'an',
  'sa',
  'bel',
  'dro',
  'na',
  'ena',
  'guel',
  'mara',
  'ls',
  'ji',
  'hra',
  'ra',
  'ido',
  'ris',
  'lma',
  'mi',
  'rich',
  'sa',
  'ne',
  'ko',
];
const LAST_START = [
  'gar',
  'mül',
  'wang',
  'had',
  'smi',
  'du',
  'kowal',
  'naka',
  'oka',
  'ros',
  'fer',
  'schm',
  'ng',
  'ben',
  'al',
  'ivan',
  'lé',
  'pet',
  'mar',
  'ber',
  'kim',
  'tan',
  'lo',
  'sil',
  'cos',
  'nov',
  'hof',
  'bau',
  'dub',
  'mor',
];
const LAST_MIDDLE = [
  'cía',
  'ler',
  '',
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
  '-farsi',
  'ov',
  'ger',
  'rov',
  'tín',
  'nard',
  '',
  'aka',
  'pez',
  'va',
  'ta',
  'ák',
  'mann',
  'er',
  'ois',
  'eau',
];
const LAST_END = ['', 'son', 'sen', 'ez', 'i', 'e', 'o', 'a', 'is', 'us'];

const SHAPES = [
  'maria',
  'ma',
  'gar',
  'garcía maria',
  'garsia',
  'müller lukas',
  'jo é',
  'MRN00001234',
  'p1234@example',
  '555 0001234',
  '1960-05-05',
  'o%_\\',
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

const PATIENT_TABLES = ['users', 'patient_profiles'];

let t: TestApp;

describe.runIf(Boolean(testDatabaseUrl()))('search query plans on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    // One transaction without the request statement limit: filling the indexes takes a while.
    const list = (names: string[]) => `array[${names.map((name) => `'${name}'`).join(', ')}]`;
    await t.db.query(
      `begin;
       set local statement_timeout = 0;
       insert into users (id, email, role, first_name, last_name, phone, date_of_birth)
       select gen_random_uuid(), 'p' || g || '@example.org', 'patient',
              initcap((${list(FIRST_START)})[1 + g % 37] || (${list(FIRST_END)})[1 + (g / 37) % 39]),
              initcap((${list(LAST_START)})[1 + (g / 1443) % 30] || (${list(LAST_MIDDLE)})[1 + (g / 43290 + g) % 30] || (${list(LAST_END)})[1 + (g / 7) % 10]),
              '+1 555 ' || lpad(g::text, 7, '0'), date '1940-01-01' + (g % 25000)
       from generate_series(1, ${PATIENTS}) g;
       insert into patient_profiles (user_id) select id from users where role = 'patient' and email like 'p%@example.org';
       insert into users (id, email, role, first_name, last_name)
       select gen_random_uuid(), 'd' || g || '@example.org', 'doctor', 'Doc' || g, 'Tor' || g from generate_series(1, 300) g;
       insert into doctor_profiles (user_id, specialty, hospital)
       select id, 'Cardiology', 'General' from users where role = 'doctor' and email like 'd%@example.org';
       commit;`,
    );
    // As autovacuum would have left a table this size: statistics and visibility known.
    await t.db.query('vacuum analyze users');
    await t.db.query('vacuum analyze patient_profiles');
    await t.db.query('analyze doctor_profiles');
    await t.db.query('analyze appointments');
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  async function plan(built: { toSQL(): { sql: string; params: unknown[] } }): Promise<PlanNode> {
    const { sql, params } = built.toSQL();
    const { rows } = await t.db.query(`explain (format json) ${sql}`, params);
    const json = rows[0]!['QUERY PLAN'] as [{ Plan: PlanNode }] | string;
    return (typeof json === 'string' ? (JSON.parse(json) as [{ Plan: PlanNode }]) : json)[0].Plan;
  }

  const window = { limit: 4, offset: 0 };

  it.each(SHAPES)('finds patients for "%s" without reading every patient', async (text) => {
    const query = readQuery(text);
    for (const [role, userId] of [
      ['admin', '00000000-0000-4000-8000-000000000001'],
      ['doctor', '00000000-0000-4000-8000-000000000002'],
    ] as const) {
      const scope = new PatientScope(t.app.db, { userId, role }, new Set());
      const found = await plan(patientSearch(t.app.db, scope.condition(patientProfiles.userId), query, window));
      expect(
        seqScans(found).filter((table) => PATIENT_TABLES.includes(table)),
        `${role}: ${text}`,
      ).toEqual([]);
    }
  });

  it.each(SHAPES)('finds doctors, staff and appointments for "%s" without reading every patient', async (text) => {
    const query = readQuery(text);
    const scope = new PatientScope(t.app.db, { userId: '00000000-0000-4000-8000-000000000001', role: 'admin' }, new Set());
    const built = {
      doctors: doctorSearch(t.app.db, query, window),
      staff: staffSearch(t.app.db, query, window),
      appointments: appointmentSearch(t.app.db, scope.condition(appointments.patientId), query, window),
    };
    for (const [group, statement] of Object.entries(built)) {
      expect(
        seqScans(await plan(statement)).filter((table) => PATIENT_TABLES.includes(table)),
        `${group}: ${text}`,
      ).toEqual([]);
    }
  });
});
