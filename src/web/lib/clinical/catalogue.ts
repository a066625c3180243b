import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { LAB_CODES, MEDICATION_FREQUENCIES, UNIT_CODES } from '../../../contracts/clinical-catalogue';

// The server names labs, units and medication frequencies by code (LOINC, UCUM, frequency codes:
// src/contracts/clinical-catalogue.ts); people read them in their own language, from the health
// texts (catalogue.*). A code the catalogue does not know yet is shown as the server sent it: the
// lab's English name, the unit's code, the frequency as it was written.

const LABS = new Set<string>(LAB_CODES);
const UNITS = new Set<string>(UNIT_CODES);
const FREQUENCIES = new Set<string>(MEDICATION_FREQUENCIES);

export interface ClinicalCatalogue {
  /** A lab panel's or test's name, by its LOINC code; `sent` is the server's name for unknown codes. */
  lab(code: string, sent: string): string;
  unit(code: string): string;
  frequency(value: string): string;
}

export function clinicalCatalogue(t: TFunction): ClinicalCatalogue {
  return {
    lab: (code, sent) => (LABS.has(code) ? t(`health:catalogue.labs.${code}`) : sent),
    unit: (code) => (UNITS.has(code) ? t(`health:catalogue.units.${code}`) : code),
    frequency: (value) => (FREQUENCIES.has(value) ? t(`health:catalogue.frequencies.${value}`) : value),
  };
}

export function useClinicalCatalogue(): ClinicalCatalogue {
  const { t } = useTranslation('health');
  return useMemo(() => clinicalCatalogue(t), [t]);
}
