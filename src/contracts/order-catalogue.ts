import type { LabCode, UnitCode } from './clinical-catalogue';

// The curated catalogue a doctor orders from: lab panels with their components, imaging studies
// and referral specialties. Plain data, shared by the server (which checks an order and its results
// against it) and the web (which shows the choices and the ranges).
//
// Sources:
// - Codes of panels, tests and imaging studies: LOINC (Regenstrief Institute, https://loinc.org),
//   the panel codes as in its order panels, the imaging codes from its radiology playbook names.
// - Units: UCUM (https://ucum.org) case-sensitive codes.
// - Reference intervals: common adult intervals as published in MedlinePlus lab test pages
//   (U.S. National Library of Medicine, https://medlineplus.gov/lab-tests/). Each laboratory
//   publishes its own; these are the defaults a result is flagged against here.
// - Critical limits: widely used adult critical-value thresholds for the few tests that have one.
// - `min`/`max`: what a result may be at all (a typing error beyond them is refused, not flagged).

export interface CatalogueTest {
  loinc: LabCode;
  /** English name, stored on the result row; the web words the LOINC code. */
  name: string;
  unit: UnitCode;
  low: number | null;
  high: number | null;
  /** Beyond these a result is critical, not only high or low. */
  criticalLow?: number;
  criticalHigh?: number;
  /** The bounds of a value that can be entered at all. */
  min: number;
  max: number;
}

export interface CataloguePanel {
  loinc: LabCode;
  name: string;
  tests: readonly CatalogueTest[];
}

const T = {
  wbc: {
    loinc: '6690-2',
    name: 'White blood cells',
    unit: '10*3/uL',
    low: 4.5,
    high: 11,
    criticalLow: 2,
    criticalHigh: 30,
    min: 0,
    max: 500,
  },
  rbc: { loinc: '789-8', name: 'Red blood cells', unit: '10*6/uL', low: 4.2, high: 5.9, min: 0, max: 15 },
  hgb: { loinc: '718-7', name: 'Hemoglobin', unit: 'g/dL', low: 12, high: 17.5, criticalLow: 7, criticalHigh: 20, min: 0, max: 30 },
  hct: { loinc: '4544-3', name: 'Hematocrit', unit: '%', low: 36, high: 52, min: 0, max: 100 },
  mcv: { loinc: '787-2', name: 'MCV', unit: 'fL', low: 80, high: 100, min: 0, max: 200 },
  plt: { loinc: '777-3', name: 'Platelets', unit: '10*3/uL', low: 150, high: 400, criticalLow: 50, criticalHigh: 1000, min: 0, max: 5000 },
  glucose: {
    loinc: '2345-7',
    name: 'Glucose',
    unit: 'mg/dL',
    low: 70,
    high: 99,
    criticalLow: 50,
    criticalHigh: 400,
    min: 0,
    max: 3000,
  },
  bun: { loinc: '3094-0', name: 'Urea nitrogen (BUN)', unit: 'mg/dL', low: 7, high: 20, min: 0, max: 300 },
  creatinine: { loinc: '2160-0', name: 'Creatinine', unit: 'mg/dL', low: 0.6, high: 1.3, min: 0, max: 40 },
  sodium: {
    loinc: '2951-2',
    name: 'Sodium',
    unit: 'mmol/L',
    low: 135,
    high: 145,
    criticalLow: 120,
    criticalHigh: 160,
    min: 80,
    max: 220,
  },
  potassium: {
    loinc: '2823-3',
    name: 'Potassium',
    unit: 'mmol/L',
    low: 3.5,
    high: 5.1,
    criticalLow: 2.8,
    criticalHigh: 6.2,
    min: 0.5,
    max: 15,
  },
  chloride: { loinc: '2075-0', name: 'Chloride', unit: 'mmol/L', low: 98, high: 107, min: 50, max: 200 },
  co2: { loinc: '2028-9', name: 'Carbon dioxide', unit: 'mmol/L', low: 22, high: 29, min: 0, max: 80 },
  calcium: {
    loinc: '17861-6',
    name: 'Calcium',
    unit: 'mg/dL',
    low: 8.5,
    high: 10.5,
    criticalLow: 6.5,
    criticalHigh: 13,
    min: 0,
    max: 25,
  },
  albumin: { loinc: '1751-7', name: 'Albumin', unit: 'g/dL', low: 3.5, high: 5, min: 0, max: 10 },
  bilirubin: { loinc: '1975-2', name: 'Bilirubin, total', unit: 'mg/dL', low: 0.1, high: 1.2, min: 0, max: 60 },
  alt: { loinc: '1742-6', name: 'ALT', unit: 'U/L', low: 7, high: 56, min: 0, max: 20000 },
  ast: { loinc: '1920-8', name: 'AST', unit: 'U/L', low: 10, high: 40, min: 0, max: 20000 },
  cholesterol: { loinc: '2093-3', name: 'Cholesterol, total', unit: 'mg/dL', low: null, high: 200, min: 0, max: 2000 },
  hdl: { loinc: '2085-9', name: 'HDL cholesterol', unit: 'mg/dL', low: 40, high: null, min: 0, max: 300 },
  ldl: { loinc: '13457-7', name: 'LDL cholesterol (calculated)', unit: 'mg/dL', low: null, high: 100, min: 0, max: 1000 },
  triglycerides: { loinc: '2571-8', name: 'Triglycerides', unit: 'mg/dL', low: null, high: 150, min: 0, max: 10000 },
  hba1c: { loinc: '4548-4', name: 'Hemoglobin A1c', unit: '%', low: 4, high: 5.6, min: 2, max: 25 },
  tsh: { loinc: '3016-3', name: 'Thyrotropin (TSH)', unit: 'm[IU]/L', low: 0.4, high: 4, min: 0, max: 500 },
  urineSg: { loinc: '5811-5', name: 'Specific gravity of urine', unit: '1', low: 1.005, high: 1.03, min: 1, max: 1.06 },
  urinePh: { loinc: '5803-2', name: 'pH of urine', unit: '[pH]', low: 5, high: 8, min: 4, max: 10 },
  urineProtein: { loinc: '2888-6', name: 'Protein in urine', unit: 'mg/dL', low: null, high: 14, min: 0, max: 2000 },
  urineGlucose: { loinc: '2350-7', name: 'Glucose in urine', unit: 'mg/dL', low: null, high: 15, min: 0, max: 5000 },
} as const satisfies Record<string, CatalogueTest>;

/** The lab panels, by the catalogue's own key. */
export const LAB_PANEL_CATALOGUE = {
  cbc: { loinc: '58410-2', name: 'Complete blood count (CBC) panel', tests: [T.wbc, T.rbc, T.hgb, T.hct, T.mcv, T.plt] },
  bmp: {
    loinc: '51990-0',
    name: 'Basic metabolic panel (BMP)',
    tests: [T.glucose, T.bun, T.creatinine, T.sodium, T.potassium, T.chloride, T.co2, T.calcium],
  },
  cmp: {
    loinc: '24323-8',
    name: 'Comprehensive metabolic panel (CMP)',
    tests: [T.glucose, T.bun, T.creatinine, T.sodium, T.potassium, T.chloride, T.co2, T.calcium, T.albumin, T.bilirubin, T.alt, T.ast],
  },
  lipid: { loinc: '57698-3', name: 'Lipid panel', tests: [T.cholesterol, T.hdl, T.ldl, T.triglycerides] },
  hba1c: { loinc: '4548-4', name: 'Hemoglobin A1c', tests: [T.hba1c] },
  tsh: { loinc: '3016-3', name: 'Thyrotropin (TSH)', tests: [T.tsh] },
  urinalysis: {
    loinc: '24357-6',
    name: 'Urinalysis (dipstick) panel',
    tests: [T.urineSg, T.urinePh, T.urineProtein, T.urineGlucose],
  },
} as const satisfies Record<string, CataloguePanel>;
export type LabPanelKey = keyof typeof LAB_PANEL_CATALOGUE;
export const LAB_PANEL_KEYS = Object.keys(LAB_PANEL_CATALOGUE) as [LabPanelKey, ...LabPanelKey[]];

/** Imaging studies, by key, with their LOINC code and English name. */
export const IMAGING_CATALOGUE = {
  'chest-xray': { loinc: '36643-5', name: 'XR Chest 2 Views' },
  'knee-xray': { loinc: '36647-0', name: 'XR Knee AP and Lateral' },
  'abdomen-ultrasound': { loinc: '24558-9', name: 'US Abdomen' },
  'chest-ct': { loinc: '24627-2', name: 'CT Chest' },
  'brain-mri': { loinc: '24590-2', name: 'MR Brain' },
} as const satisfies Record<string, { loinc: string; name: string }>;
export type ImagingKey = keyof typeof IMAGING_CATALOGUE;
export const IMAGING_KEYS = Object.keys(IMAGING_CATALOGUE) as [ImagingKey, ...ImagingKey[]];

/** The specialties a patient is referred to (their keys are the directory's, src/contracts/specialties.ts). */
export const REFERRAL_SPECIALTIES = [
  'cardiology',
  'gastroenterology',
  'pulmonology',
  'nephrology',
  'endocrinology',
  'rheumatology',
  'neurology',
  'orthopedics',
  'urology',
  'ophthalmology',
  'otolaryngology',
  'oncology',
  'hematology',
  'dermatology',
  'obstetrics-gynecology',
  'psychiatry',
] as const;
export type ReferralSpecialty = (typeof REFERRAL_SPECIALTIES)[number];

/** Every code an order may name, by kind: what the create route accepts. */
export const ORDER_CODES = [...LAB_PANEL_KEYS, ...IMAGING_KEYS, ...REFERRAL_SPECIALTIES] as const;
export type OrderCode = (typeof ORDER_CODES)[number];

/** How a result compares with its test's range: critical beyond the critical limits, else high or low beyond the reference. */
export function flagForResult(
  value: number,
  test: Pick<CatalogueTest, 'low' | 'high' | 'criticalLow' | 'criticalHigh'>,
): 'normal' | 'low' | 'high' | 'critical' {
  if ((test.criticalLow !== undefined && value < test.criticalLow) || (test.criticalHigh !== undefined && value > test.criticalHigh)) {
    return 'critical';
  }
  if (test.high !== null && value > test.high) return 'high';
  if (test.low !== null && value < test.low) return 'low';
  return 'normal';
}
