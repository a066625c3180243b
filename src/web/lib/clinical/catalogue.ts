import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ALLERGEN_CODES, DRUG_CODES, LAB_CODES, MEDICATION_FREQUENCIES, UNIT_CODES } from '../../../contracts/clinical-catalogue';

// The server names labs, units, medication frequencies, drug products and allergens by code (LOINC,
// UCUM, codes of ours: src/contracts/clinical-catalogue.ts); people read them in their own language,
// from the health texts (catalogue.*). A code the catalogue does not know, or none (a drug or
// allergen typed by hand), is shown as the server sent it: the lab's English name, the unit's code,
// the frequency, drug or allergen as it was written.

const LABS = new Set<string>(LAB_CODES);
const UNITS = new Set<string>(UNIT_CODES);
const FREQUENCIES = new Set<string>(MEDICATION_FREQUENCIES);
const DRUGS = new Set<string>(DRUG_CODES);
const ALLERGENS = new Set<string>(ALLERGEN_CODES);

export interface ClinicalCatalogue {
  /** A lab panel's or test's name, by its LOINC code; `sent` is the server's name for unknown codes. */
  lab(code: string, sent: string): string;
  unit(code: string): string;
  frequency(value: string): string;
  /** A drug product's words by its code; `written` (the row's text) for free text or an unknown code. */
  drug(code: string | null, written: string): string;
  /** An allergen's words by its code; `written` for free text or an unknown code. */
  allergen(code: string | null, written: string): string;
}

export function clinicalCatalogue(t: TFunction): ClinicalCatalogue {
  return {
    lab: (code, sent) => (LABS.has(code) ? t(`health:catalogue.labs.${code}`) : sent),
    unit: (code) => (UNITS.has(code) ? t(`health:catalogue.units.${code}`) : code),
    frequency: (value) => (FREQUENCIES.has(value) ? t(`health:catalogue.frequencies.${value}`) : value),
    drug: (code, written) => (code !== null && DRUGS.has(code) ? t(`health:catalogue.drugs.${code}`) : written),
    allergen: (code, written) => (code !== null && ALLERGENS.has(code) ? t(`health:catalogue.allergens.${code}`) : written),
  };
}

export function useClinicalCatalogue(): ClinicalCatalogue {
  const { t } = useTranslation('health');
  return useMemo(() => clinicalCatalogue(t), [t]);
}
