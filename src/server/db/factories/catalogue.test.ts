import { describe, expect, it } from 'vitest';
import { ALLERGEN_CODES, LAB_CODES, MEDICATION_FREQUENCIES, UNIT_CODES } from '../../../contracts/clinical-catalogue';
import { DRUG_CATALOGUE, drugProductText, knownDrugCode } from '../../../contracts/drug-catalogue';
import { VITAL_DEFINITIONS } from '../../../contracts/health-records';
import { buildClinicalHistory } from './clinical-history';
import { ALLERGENS, CONDITIONS, PAST_MEDICATIONS } from './clinical-profiles';
import { LAB_PANELS } from './lab-panels';
import { Random } from './random';

// The server sends labs, units, medication frequencies, drugs and allergens as codes, and the web words each code of
// the catalogues (src/contracts/clinical-catalogue.ts, drug-catalogue.ts) in every language. A code the server uses that
// the catalogue lacks would reach people untranslated: these tests fail on one.

describe('the clinical catalogue holds every code the server records', () => {
  it('every lab panel and test (LOINC)', () => {
    const codes = LAB_PANELS.flatMap((panel) => [panel.loinc, ...panel.components.map((component) => component.loinc)]);
    expect(codes.filter((code) => !(LAB_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it('every unit of a lab test or a vital sign (UCUM)', () => {
    const units = [
      ...LAB_PANELS.flatMap((panel) => panel.components.map((component) => component.unit)),
      ...Object.values(VITAL_DEFINITIONS).map((definition) => definition.unit),
    ];
    expect(units.filter((unit) => !(UNIT_CODES as readonly string[]).includes(unit))).toEqual([]);
  });

  it('every medication frequency', () => {
    const frequencies = [
      ...CONDITIONS.flatMap((profile) => profile.medications.map((medication) => medication.frequency)),
      ...PAST_MEDICATIONS.map((medication) => medication.frequency),
    ];
    expect(frequencies.length).toBeGreaterThan(0);
    expect(frequencies.filter((frequency) => !(MEDICATION_FREQUENCIES as readonly string[]).includes(frequency))).toEqual([]);
  });

  it('every drug and allergen, by the code the seeded rows carry next to their text', () => {
    const templates = [...CONDITIONS.flatMap((profile) => profile.medications), ...PAST_MEDICATIONS];
    // A drug of the list, in one of its strengths, written as the prescriber would write it.
    expect(
      templates.filter(
        (drug) =>
          !(DRUG_CATALOGUE[drug.drugCode].strengths as readonly string[]).includes(drug.strength) ||
          drugProductText(drug.drugCode, drug.strength) !== drug.name,
      ),
    ).toEqual([]);
    expect(ALLERGENS.filter((allergen) => !(ALLERGEN_CODES as readonly string[]).includes(allergen.code))).toEqual([]);

    const history = buildClinicalHistory(new Random(7), {
      patientId: '00000000-0000-4000-8000-000000000001',
      careTeam: ['00000000-0000-4000-8000-000000000002'],
      now: new Date('2026-03-01T12:00:00Z'),
    });
    expect(history.medications.length).toBeGreaterThan(0);
    expect(history.medications.every((row) => knownDrugCode(row.drugCode ?? null) !== null && typeof row.strength === 'string')).toBe(true);
    expect(history.allergies.every((row) => typeof row.code === 'string' && (ALLERGEN_CODES as readonly string[]).includes(row.code))).toBe(
      true,
    );
  });
});
