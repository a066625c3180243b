import type { MEDICATION_ROUTES } from './medications';
import type { MedicationFrequency } from './clinical-catalogue';

// The curated list of drugs a doctor prescribes from (a drug outside it is typed as free text). Each
// drug has a code the server stores and the web words in the reader's language
// (src/web/locales/<lang>/prescribing.json, drugs.<code>); a test fails on a code without words.
// `group` is the therapeutic group two drugs of which are duplicate therapy; `allergyTerms` are the
// words of an allergy entry (lower case) that the drug sets off: a penicillin allergy covers every
// penicillin.

export interface CatalogueDrug {
  /** The generic (INN) name in English: how a stored medication's name starts. */
  name: string;
  group: DrugGroup;
  allergyTerms: readonly string[];
  strengths: readonly string[];
  form: string;
  route: (typeof MEDICATION_ROUTES)[number];
  frequency: MedicationFrequency;
}

export const DRUG_GROUPS = [
  'penicillin',
  'cephalosporin',
  'macrolide',
  'sulfonamide-antibiotic',
  'nsaid',
  'salicylate',
  'analgesic',
  'opioid',
  'ace-inhibitor',
  'calcium-channel-blocker',
  'potassium-sparing-diuretic',
  'biguanide',
  'statin',
  'anticoagulant',
  'antiplatelet',
  'ssri',
  'proton-pump-inhibitor',
  'thyroid-hormone',
  'pde5-inhibitor',
  'nitrate',
  'bronchodilator',
  'corticosteroid',
] as const;
export type DrugGroup = (typeof DRUG_GROUPS)[number];

export const DRUG_CATALOGUE = {
  amoxicillin: {
    name: 'Amoxicillin',
    group: 'penicillin',
    allergyTerms: ['penicillin', 'amoxicillin', 'beta-lactam'],
    strengths: ['250 mg', '500 mg'],
    form: 'oral capsule',
    route: 'oral',
    frequency: 'three-times-daily',
  },
  'penicillin-v': {
    name: 'Penicillin V',
    group: 'penicillin',
    allergyTerms: ['penicillin', 'beta-lactam'],
    strengths: ['250 mg', '500 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'three-times-daily',
  },
  cefalexin: {
    name: 'Cefalexin',
    group: 'cephalosporin',
    allergyTerms: ['cephalosporin', 'cefalexin', 'cephalexin', 'beta-lactam'],
    strengths: ['250 mg', '500 mg'],
    form: 'oral capsule',
    route: 'oral',
    frequency: 'three-times-daily',
  },
  azithromycin: {
    name: 'Azithromycin',
    group: 'macrolide',
    allergyTerms: ['azithromycin', 'macrolide'],
    strengths: ['250 mg', '500 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  clarithromycin: {
    name: 'Clarithromycin',
    group: 'macrolide',
    allergyTerms: ['clarithromycin', 'macrolide'],
    strengths: ['250 mg', '500 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'twice-daily',
  },
  'sulfamethoxazole-trimethoprim': {
    name: 'Sulfamethoxazole-trimethoprim',
    group: 'sulfonamide-antibiotic',
    allergyTerms: ['sulfonamide', 'sulfa', 'sulfamethoxazole', 'trimethoprim'],
    strengths: ['400 mg/80 mg', '800 mg/160 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'twice-daily',
  },
  ibuprofen: {
    name: 'Ibuprofen',
    group: 'nsaid',
    allergyTerms: ['ibuprofen', 'nsaid'],
    strengths: ['200 mg', '400 mg', '600 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'every-8-hours-as-needed',
  },
  naproxen: {
    name: 'Naproxen',
    group: 'nsaid',
    allergyTerms: ['naproxen', 'nsaid'],
    strengths: ['250 mg', '500 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'twice-daily',
  },
  aspirin: {
    name: 'Aspirin',
    group: 'salicylate',
    allergyTerms: ['aspirin', 'salicylate', 'nsaid'],
    strengths: ['81 mg', '325 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  paracetamol: {
    name: 'Paracetamol',
    group: 'analgesic',
    allergyTerms: ['paracetamol', 'acetaminophen'],
    strengths: ['500 mg', '1 g'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'every-4-6-hours-as-needed',
  },
  codeine: {
    name: 'Codeine',
    group: 'opioid',
    allergyTerms: ['codeine', 'opioid', 'opiate'],
    strengths: ['15 mg', '30 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'every-4-6-hours-as-needed',
  },
  tramadol: {
    name: 'Tramadol',
    group: 'opioid',
    allergyTerms: ['tramadol', 'opioid'],
    strengths: ['50 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'every-4-6-hours-as-needed',
  },
  lisinopril: {
    name: 'Lisinopril',
    group: 'ace-inhibitor',
    allergyTerms: ['lisinopril', 'ace inhibitor'],
    strengths: ['5 mg', '10 mg', '20 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  ramipril: {
    name: 'Ramipril',
    group: 'ace-inhibitor',
    allergyTerms: ['ramipril', 'ace inhibitor'],
    strengths: ['2.5 mg', '5 mg', '10 mg'],
    form: 'oral capsule',
    route: 'oral',
    frequency: 'once-daily',
  },
  amlodipine: {
    name: 'Amlodipine',
    group: 'calcium-channel-blocker',
    allergyTerms: ['amlodipine'],
    strengths: ['5 mg', '10 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  spironolactone: {
    name: 'Spironolactone',
    group: 'potassium-sparing-diuretic',
    allergyTerms: ['spironolactone'],
    strengths: ['25 mg', '50 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  metformin: {
    name: 'Metformin',
    group: 'biguanide',
    allergyTerms: ['metformin'],
    strengths: ['500 mg', '850 mg', '1000 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'twice-daily',
  },
  atorvastatin: {
    name: 'Atorvastatin',
    group: 'statin',
    allergyTerms: ['atorvastatin', 'statin'],
    strengths: ['10 mg', '20 mg', '40 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily-at-bedtime',
  },
  simvastatin: {
    name: 'Simvastatin',
    group: 'statin',
    allergyTerms: ['simvastatin', 'statin'],
    strengths: ['10 mg', '20 mg', '40 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily-at-bedtime',
  },
  warfarin: {
    name: 'Warfarin',
    group: 'anticoagulant',
    allergyTerms: ['warfarin'],
    strengths: ['1 mg', '2 mg', '5 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  clopidogrel: {
    name: 'Clopidogrel',
    group: 'antiplatelet',
    allergyTerms: ['clopidogrel'],
    strengths: ['75 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  sertraline: {
    name: 'Sertraline',
    group: 'ssri',
    allergyTerms: ['sertraline', 'ssri'],
    strengths: ['50 mg', '100 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  fluoxetine: {
    name: 'Fluoxetine',
    group: 'ssri',
    allergyTerms: ['fluoxetine', 'ssri'],
    strengths: ['20 mg'],
    form: 'oral capsule',
    route: 'oral',
    frequency: 'once-daily',
  },
  omeprazole: {
    name: 'Omeprazole',
    group: 'proton-pump-inhibitor',
    allergyTerms: ['omeprazole'],
    strengths: ['20 mg', '40 mg'],
    form: 'delayed-release capsule',
    route: 'oral',
    frequency: 'once-daily-before-breakfast',
  },
  levothyroxine: {
    name: 'Levothyroxine',
    group: 'thyroid-hormone',
    allergyTerms: ['levothyroxine'],
    strengths: ['50 mcg', '75 mcg', '100 mcg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily-before-breakfast',
  },
  sildenafil: {
    name: 'Sildenafil',
    group: 'pde5-inhibitor',
    allergyTerms: ['sildenafil'],
    strengths: ['25 mg', '50 mg', '100 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  nitroglycerin: {
    name: 'Nitroglycerin',
    group: 'nitrate',
    allergyTerms: ['nitroglycerin', 'nitrate'],
    strengths: ['0.4 mg'],
    form: 'sublingual tablet',
    route: 'sublingual',
    frequency: 'every-4-6-hours-as-needed',
  },
  albuterol: {
    name: 'Albuterol',
    group: 'bronchodilator',
    allergyTerms: ['albuterol', 'salbutamol'],
    strengths: ['90 mcg/actuation'],
    form: 'inhaler',
    route: 'inhaled',
    frequency: 'every-4-6-hours-as-needed',
  },
  prednisone: {
    name: 'Prednisone',
    group: 'corticosteroid',
    allergyTerms: ['prednisone', 'corticosteroid'],
    strengths: ['5 mg', '20 mg'],
    form: 'oral tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
} as const satisfies Record<string, CatalogueDrug>;

export type DrugCode = keyof typeof DRUG_CATALOGUE;
export const DRUG_CODES = Object.keys(DRUG_CATALOGUE) as [DrugCode, ...DrugCode[]];

/**
 * The catalogue drug a stored medication is, by how its name starts ("Lisinopril 10 mg oral
 * tablet"); medications written before the list, or typed as free text, are matched this way too.
 */
export function drugForName(name: string): DrugCode | null {
  const lower = name.trim().toLowerCase();
  let best: DrugCode | null = null;
  for (const code of DRUG_CODES) {
    const generic = DRUG_CATALOGUE[code].name.toLowerCase();
    if ((lower === generic || lower.startsWith(`${generic} `)) && (!best || generic.length > DRUG_CATALOGUE[best].name.length)) best = code;
  }
  return best;
}
