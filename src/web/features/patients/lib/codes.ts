import type { TFunction } from 'i18next';
import { PROBLEM_CODES, VACCINE_CODES } from '../../../../contracts/clinical-catalogue';

// The coded entries of a chart in the reader's language: an ICD-10-CM problem or a CVX vaccine of
// the curated lists (contracts/clinical-catalogue.ts) by its words in the patients texts; a code
// outside the lists (an older entry) by the description the server stored with it.

/** Texts are keyed without dots: i18next reads a dot as a level. */
export function codeKey(code: string): string {
  return code.replace(/\./g, '-');
}

export function problemWords(t: TFunction, code: string, stored: string): string {
  return Object.prototype.hasOwnProperty.call(PROBLEM_CODES, code) ? t(`patients:codes.problems.${codeKey(code)}`) : stored;
}

export function vaccineWords(t: TFunction, code: string, stored: string): string {
  return Object.prototype.hasOwnProperty.call(VACCINE_CODES, code) ? t(`patients:codes.vaccines.${codeKey(code)}`) : stored;
}
