import { describe, expect, it } from 'vitest';
import { LAB_CODES, MEDICATION_FREQUENCIES, UNIT_CODES } from '../../../contracts/clinical-catalogue';
import { VITAL_DEFINITIONS } from '../../../contracts/health-records';
import { CONDITIONS, PAST_MEDICATIONS } from './clinical-profiles';
import { LAB_PANELS } from './lab-panels';

// The server sends labs, units and medication frequencies as codes, and the web words each code of
// the catalogue (src/contracts/clinical-catalogue.ts) in every language. A code the server uses that
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
});
