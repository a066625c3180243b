import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../modules/auth/testing';
import { openDatabase, type DatabaseHandle } from './client';
import { ALLERGENS, CONDITIONS, PAST_MEDICATIONS } from './factories/clinical-profiles';
import { applyMigrations } from './migrate';
import { migrationsBefore } from '../test-support/migrations-before';
import { allergies, medications } from './schema';

// A database seeded before drugs and allergens had catalogue codes: its rows hold the seed's English
// texts and no code. Migrating gives each such row the code (for a drug, the drug list's code and
// strength) the seed now writes beside that text, so it reads in every language; a text typed by
// hand keeps no code.

const TAG = '0021_clinical-catalogue-codes-backfill';

describe('drugs and allergens seeded before their codes', () => {
  let handle: DatabaseHandle;
  let scratch: string;

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-codes-'));
    handle = await openDatabase({ dataDir: 'memory://' });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('get the code of their text; text typed by hand keeps none', async () => {
    await applyMigrations(handle, migrationsBefore(scratch, TAG));
    const { user } = await createAccount(handle.db);
    const drugs = [...CONDITIONS.flatMap((profile) => profile.medications), ...PAST_MEDICATIONS];
    const medicationRow = (name: string) => ({ patientId: user.id, name, dosage: '1', frequency: 'once-daily', startDate: '2025-01-01' });
    await handle.db
      .insert(medications)
      .values([...drugs.map((drug) => medicationRow(drug.name)), medicationRow('Aspirin 81 mg chewable tablet')]);
    const allergyRow = (allergen: string) => ({ patientId: user.id, allergen, type: 'drug' as const, severity: 'mild' as const });
    await handle.db.insert(allergies).values([...ALLERGENS.map((allergen) => allergyRow(allergen.allergen)), allergyRow('Cat dander')]);

    await applyMigrations(handle);

    const drugCodes = await handle.db
      .select({ name: medications.name, drugCode: medications.drugCode, strength: medications.strength })
      .from(medications)
      .where(eq(medications.patientId, user.id));
    expect(Object.fromEntries(drugCodes.map((row) => [row.name, { drugCode: row.drugCode, strength: row.strength }]))).toEqual({
      ...Object.fromEntries(drugs.map((drug) => [drug.name, { drugCode: drug.drugCode, strength: drug.strength }])),
      'Aspirin 81 mg chewable tablet': { drugCode: null, strength: null },
    });
    const allergenCodes = await handle.db
      .select({ allergen: allergies.allergen, code: allergies.code })
      .from(allergies)
      .where(eq(allergies.patientId, user.id));
    expect(Object.fromEntries(allergenCodes.map((row) => [row.allergen, row.code]))).toEqual({
      ...Object.fromEntries(ALLERGENS.map((allergen) => [allergen.allergen, allergen.code])),
      'Cat dander': null,
    });
  }, 120_000);
});
