// The clinical catalogue the server speaks in codes: LOINC codes of the lab panels and tests it
// records, UCUM codes of the units of labs and vitals, and codes of ours for medication frequencies,
// drug products and allergens. The
// web words each code in the reader's language (src/web/lib/clinical/catalogue.ts); a test there
// fails on a code without words in any language, and one in the server's factories fails on a code
// the server uses that is not listed here.

/** LOINC codes of the lab panels and of the tests in them. */
export const LAB_CODES = [
  '58410-2',
  '6690-2',
  '789-8',
  '718-7',
  '4544-3',
  '787-2',
  '777-3',
  '24323-8',
  '2345-7',
  '3094-0',
  '2160-0',
  '2951-2',
  '2823-3',
  '2075-0',
  '2028-9',
  '17861-6',
  '1751-7',
  '1975-2',
  '1742-6',
  '1920-8',
  '57698-3',
  '2093-3',
  '2085-9',
  '13457-7',
  '2571-8',
  '4548-4',
] as const;
export type LabCode = (typeof LAB_CODES)[number];

/** UCUM codes of the units results and vitals are recorded in. */
export const UNIT_CODES = [
  '10*3/uL',
  '10*6/uL',
  'g/dL',
  '%',
  'fL',
  'mg/dL',
  'mmol/L',
  'U/L',
  'mmHg',
  '/min',
  'Cel',
  'kg',
  'cm',
  'kg/m2',
] as const;
export type UnitCode = (typeof UNIT_CODES)[number];

/**
 * How often a medication is taken. The medications table's frequency column holds one of these
 * codes; a value written before the codes (free English text) is shown as it was written.
 */
export const MEDICATION_FREQUENCIES = [
  'once-daily',
  'twice-daily',
  'three-times-daily',
  'once-daily-at-bedtime',
  'once-daily-before-breakfast',
  'every-4-6-hours-as-needed',
  'every-8-hours-as-needed',
] as const;
export type MedicationFrequency = (typeof MEDICATION_FREQUENCIES)[number];

/**
 * Drug products (substance, strength and form) a medication row may name by code. The row keeps its
 * text as prescribed (`name`); the web shows the reader's words for a known code and the text for
 * anything else (a drug typed by hand).
 */
export const DRUG_CODES = [
  'lisinopril-10mg-tablet',
  'amlodipine-5mg-tablet',
  'metformin-500mg-tablet',
  'empagliflozin-10mg-tablet',
  'atorvastatin-20mg-tablet',
  'albuterol-90mcg-inhaler',
  'fluticasone-110mcg-inhaler',
  'levothyroxine-75mcg-tablet',
  'omeprazole-20mg-dr-capsule',
  'sertraline-50mg-tablet',
  'ferrous-sulfate-325mg-tablet',
  'amoxicillin-500mg-capsule',
  'ibuprofen-400mg-tablet',
  'prednisone-20mg-tablet',
  'azithromycin-250mg-tablet',
  'hydrochlorothiazide-25mg-tablet',
  'cetirizine-10mg-tablet',
] as const;
export type DrugCode = (typeof DRUG_CODES)[number];

/** Allergens an allergy row may name by code; like drugs, the row keeps its text for anything else. */
export const ALLERGEN_CODES = [
  'penicillin',
  'sulfonamide-antibiotics',
  'codeine',
  'ibuprofen',
  'peanuts',
  'shellfish',
  'eggs',
  'latex',
  'pollen',
] as const;
export type AllergenCode = (typeof ALLERGEN_CODES)[number];
