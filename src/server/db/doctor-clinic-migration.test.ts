import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../modules/auth/testing';
import { migrationsBefore } from '../test-support/migrations-before';
import { openDatabase, type DatabaseHandle } from './client';
import { applyMigrations, MIGRATIONS_FOLDER } from './migrate';
import { clinics, doctorProfiles } from './schema';

// A database from before doctors had a clinic: its doctors name their place of work as text only.
// Migrating places each doctor whose text is a clinic's name at that clinic; any other text stays
// the doctor's own, with no clinic.

// Found by name, whatever number the migration has.
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const TAG = journal.entries.find((entry) => entry.tag.endsWith('_doctor-clinic'))!.tag;

describe('doctors recorded before they had a clinic', () => {
  let handle: DatabaseHandle;
  let scratch: string;

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-doctor-clinic-'));
    handle = await openDatabase({ dataDir: 'memory://' });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('work at the clinic their hospital names; another hospital keeps no clinic', async () => {
    await applyMigrations(handle, migrationsBefore(scratch, TAG));
    const [atNorth, atSouth, elsewhere] = await Promise.all([1, 2, 3].map(() => createAccount(handle.db, { role: 'doctor' })));
    const clinic = async (name: string) =>
      (await handle.db.insert(clinics).values({ name, latitude: 1, longitude: 2 }).returning({ id: clinics.id }))[0]!.id;
    const north = await clinic('North Clinic');
    const south = await clinic('South Clinic');
    const doctor = (userId: string, hospital: string) =>
      handle.db.execute(sql`insert into doctor_profiles (user_id, specialty, hospital) values (${userId}, 'Cardiology', ${hospital})`);
    await doctor(atNorth!.user.id, 'North Clinic');
    await doctor(atSouth!.user.id, 'South Clinic');
    await doctor(elsewhere!.user.id, 'St. Elsewhere');

    await applyMigrations(handle);

    const rows = await handle.db
      .select({ userId: doctorProfiles.userId, clinicId: doctorProfiles.clinicId, hospital: doctorProfiles.hospital })
      .from(doctorProfiles);
    expect(Object.fromEntries(rows.map((row) => [row.userId, [row.clinicId, row.hospital]]))).toEqual({
      [atNorth!.user.id]: [north, 'North Clinic'],
      [atSouth!.user.id]: [south, 'South Clinic'],
      [elsewhere!.user.id]: [null, 'St. Elsewhere'],
    });
  }, 120_000);
});
