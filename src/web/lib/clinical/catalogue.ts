import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ALLERGEN_CODES, LAB_CODES, MEDICATION_FREQUENCIES, UNIT_CODES } from '../../../contracts/clinical-catalogue';
import { DRUG_CATALOGUE, knownDrugCode, type DrugCode, type DrugForm } from '../../../contracts/drug-catalogue';

// The server names labs, units, medication frequencies, drugs and allergens by code (LOINC, UCUM,
// codes of ours: src/contracts/clinical-catalogue.ts and drug-catalogue.ts); people read them in their
// own language, from the health texts (catalogue.*). A code the catalogue does not know, or none (a
// drug or allergen typed by hand), is shown as the server sent it: the lab's English name, the
// unit's code, the frequency, drug or allergen as it was written.

const LABS = new Set<string>(LAB_CODES);
const UNITS = new Set<string>(UNIT_CODES);
const FREQUENCIES = new Set<string>(MEDICATION_FREQUENCIES);
const ALLERGENS = new Set<string>(ALLERGEN_CODES);

export interface ClinicalCatalogue {
  /** A lab panel's or test's name, by its LOINC code; `sent` is the server's name for unknown codes. */
  lab(code: string, sent: string): string;
  unit(code: string): string;
  frequency(value: string): string;
  /** A medication's drug, strength and form in words; its text as written for free text or an unknown code. */
  drug(medication: DrugNamed): string;
  /** A drug of the list by its code, without strength or form. */
  drugName(code: DrugCode): string;
  /** A strength ("10 mg", "90 mcg/actuation") with its units in the reader's words. */
  strength(text: string): string;
  /** A dose form of the drug list ("oral-tablet") in the reader's words. */
  form(form: DrugForm): string;
  /** An allergen's words by its code; `written` for free text or an unknown code. */
  allergen(code: string | null, written: string): string;
}

/** What a medication row says about its drug: the list's code and strength, and its text as written. */
export interface DrugNamed {
  drugCode: string | null;
  strength: string | null;
  name: string;
}

const STRENGTH_UNITS = { 'mcg/actuation': 'mcg-per-actuation', mcg: 'mcg', mg: 'mg' } as const;

function strengthWords(t: TFunction, text: string): string {
  return text.replace(/mcg\/actuation|mcg|mg/g, (unit) =>
    t(`health:catalogue.strengthUnits.${STRENGTH_UNITS[unit as keyof typeof STRENGTH_UNITS]}`),
  );
}

export function clinicalCatalogue(t: TFunction): ClinicalCatalogue {
  return {
    lab: (code, sent) => (LABS.has(code) ? t(`health:catalogue.labs.${code}`) : sent),
    unit: (code) => (UNITS.has(code) ? t(`health:catalogue.units.${code}`) : code),
    frequency: (value) => (FREQUENCIES.has(value) ? t(`health:catalogue.frequencies.${value}`) : value),
    drug: ({ drugCode, strength, name }) => {
      const code = knownDrugCode(drugCode);
      if (!code) return name;
      const words = t('health:catalogue.product', {
        drug: t(`health:catalogue.drugs.${code}`),
        strength: strength ? strengthWords(t, strength) : '',
        form: t(`health:catalogue.forms.${DRUG_CATALOGUE[code].form}`),
        // Words, not markup: React escapes what it renders, and a slash must stay a slash.
        interpolation: { escapeValue: false },
      });
      return words.replace(/\s+/g, ' ').trim();
    },
    drugName: (code) => t(`health:catalogue.drugs.${code}`),
    strength: (text) => strengthWords(t, text),
    form: (form) => t(`health:catalogue.forms.${form}`),
    allergen: (code, written) => (code !== null && ALLERGENS.has(code) ? t(`health:catalogue.allergens.${code}`) : written),
  };
}

export function useClinicalCatalogue(): ClinicalCatalogue {
  const { t } = useTranslation('health');
  return useMemo(() => clinicalCatalogue(t), [t]);
}
