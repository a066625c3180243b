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
  '51990-0',
  '3016-3',
  '24357-6',
  '5811-5',
  '5803-2',
  '2888-6',
  '2350-7',
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
  'm[IU]/L',
  '1',
  '[pH]',
] as const;
export type UnitCode = (typeof UNIT_CODES)[number];

/** How a medication is taken, as the prescriber records it; the web words each one. */
export const MEDICATION_ROUTES = [
  'oral',
  'sublingual',
  'topical',
  'inhaled',
  'subcutaneous',
  'intramuscular',
  'intravenous',
  'nasal',
  'ophthalmic',
  'transdermal',
] as const;

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
 * The ICD-10-CM codes a clinician chooses a problem from, each with its English description (what
 * the problem list stores beside the code). A curated list rather than free text, so every problem
 * is coded and worded in every language; the demo history's conditions are among them.
 */
export const PROBLEM_CODES = {
  I10: 'Essential (primary) hypertension',
  'E11.9': 'Type 2 diabetes mellitus without complications',
  'E78.5': 'Hyperlipidemia, unspecified',
  'J45.909': 'Unspecified asthma, uncomplicated',
  'E03.9': 'Hypothyroidism, unspecified',
  'K21.9': 'Gastro-esophageal reflux disease without esophagitis',
  'F41.1': 'Generalized anxiety disorder',
  'D50.9': 'Iron deficiency anemia, unspecified',
  'J20.9': 'Acute bronchitis, unspecified',
  'N39.0': 'Urinary tract infection, site not specified',
  'J01.90': 'Acute sinusitis, unspecified',
  'I25.10': 'Atherosclerotic heart disease of native coronary artery without angina pectoris',
  'I48.91': 'Unspecified atrial fibrillation',
  'M54.50': 'Low back pain, unspecified',
  'F32.9': 'Major depressive disorder, single episode, unspecified',
  'E66.9': 'Obesity, unspecified',
  'J44.9': 'Chronic obstructive pulmonary disease, unspecified',
  'G43.909': 'Migraine, unspecified, not intractable, without status migrainosus',
} as const;
export type ProblemCode = keyof typeof PROBLEM_CODES;
export const PROBLEM_CODE_LIST = Object.keys(PROBLEM_CODES) as [ProblemCode, ...ProblemCode[]];

/** The CVX codes of the vaccines a clinician records, each with its CDC short description. */
export const VACCINE_CODES = {
  '03': 'MMR',
  '21': 'Varicella',
  '33': 'Pneumococcal polysaccharide PPV23',
  '43': 'Hepatitis B, adult dosage',
  '83': 'Hepatitis A, pediatric/adolescent, 2 dose',
  '115': 'Tdap',
  '133': 'Pneumococcal conjugate PCV 13',
  '140': 'Influenza, seasonal, injectable, preservative free',
  '150': 'Influenza, injectable, quadrivalent, preservative free',
  '165': 'HPV9',
  '187': 'Zoster vaccine recombinant',
  '208': 'COVID-19, mRNA, LNP-S, PF, 30 mcg/0.3 mL dose',
} as const;
export type VaccineCode = keyof typeof VACCINE_CODES;
export const VACCINE_CODE_LIST = Object.keys(VACCINE_CODES) as [VaccineCode, ...VaccineCode[]];

/**
 * Allergens an allergy row may name by code. The row keeps its text as written; the web shows the
 * reader's words for a known code and the text for anything else (an allergen typed by hand).
 */
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
