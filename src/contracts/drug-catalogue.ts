import type { MEDICATION_ROUTES, MedicationFrequency } from './clinical-catalogue';

// The one curated list of drugs: a doctor prescribes from it (a drug outside it is typed as free
// text), and every medication row of a listed drug keeps its code and strength. The web words the
// drug, its strength's units and its form in the reader's language (src/web/locales/<lang>/health.json,
// catalogue.drugs / strengthUnits / forms); a test fails on a code without words.
// `group` is the therapeutic group two drugs of which are duplicate therapy; `allergyTerms` are the
// words of an allergy entry (lower case) that the drug sets off: a penicillin allergy covers every
// penicillin.

/** The dose forms the catalogue's drugs come in, each with its English words for the stored text. */
export const DRUG_FORMS = {
  'oral-tablet': 'oral tablet',
  'oral-capsule': 'oral capsule',
  'delayed-release-capsule': 'delayed-release capsule',
  'sublingual-tablet': 'sublingual tablet',
  inhaler: 'inhaler',
} as const;
export type DrugForm = keyof typeof DRUG_FORMS;

export interface CatalogueDrug {
  /** The generic (INN) name in English: how a stored medication's name starts. */
  name: string;
  group: DrugGroup;
  allergyTerms: readonly string[];
  strengths: readonly string[];
  form: DrugForm;
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
  'inhaled-corticosteroid',
  'sglt2-inhibitor',
  'thiazide-diuretic',
  'iron-supplement',
  'antihistamine',
] as const;
export type DrugGroup = (typeof DRUG_GROUPS)[number];

export const DRUG_CATALOGUE = {
  amoxicillin: {
    name: 'Amoxicillin',
    group: 'penicillin',
    allergyTerms: ['penicillin', 'amoxicillin', 'beta-lactam'],
    strengths: ['250 mg', '500 mg'],
    form: 'oral-capsule',
    route: 'oral',
    frequency: 'three-times-daily',
  },
  'penicillin-v': {
    name: 'Penicillin V',
    group: 'penicillin',
    allergyTerms: ['penicillin', 'beta-lactam'],
    strengths: ['250 mg', '500 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'three-times-daily',
  },
  cefalexin: {
    name: 'Cefalexin',
    group: 'cephalosporin',
    allergyTerms: ['cephalosporin', 'cefalexin', 'cephalexin', 'beta-lactam'],
    strengths: ['250 mg', '500 mg'],
    form: 'oral-capsule',
    route: 'oral',
    frequency: 'three-times-daily',
  },
  azithromycin: {
    name: 'Azithromycin',
    group: 'macrolide',
    allergyTerms: ['azithromycin', 'macrolide'],
    strengths: ['250 mg', '500 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  clarithromycin: {
    name: 'Clarithromycin',
    group: 'macrolide',
    allergyTerms: ['clarithromycin', 'macrolide'],
    strengths: ['250 mg', '500 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'twice-daily',
  },
  'sulfamethoxazole-trimethoprim': {
    name: 'Sulfamethoxazole-trimethoprim',
    group: 'sulfonamide-antibiotic',
    allergyTerms: ['sulfonamide', 'sulfa', 'sulfamethoxazole', 'trimethoprim'],
    strengths: ['400 mg/80 mg', '800 mg/160 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'twice-daily',
  },
  ibuprofen: {
    name: 'Ibuprofen',
    group: 'nsaid',
    allergyTerms: ['ibuprofen', 'nsaid'],
    strengths: ['200 mg', '400 mg', '600 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'every-8-hours-as-needed',
  },
  naproxen: {
    name: 'Naproxen',
    group: 'nsaid',
    allergyTerms: ['naproxen', 'nsaid'],
    strengths: ['250 mg', '500 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'twice-daily',
  },
  aspirin: {
    name: 'Aspirin',
    group: 'salicylate',
    allergyTerms: ['aspirin', 'salicylate', 'nsaid'],
    strengths: ['81 mg', '325 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  paracetamol: {
    name: 'Paracetamol',
    group: 'analgesic',
    allergyTerms: ['paracetamol', 'acetaminophen'],
    strengths: ['500 mg', '1 g'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'every-4-6-hours-as-needed',
  },
  codeine: {
    name: 'Codeine',
    group: 'opioid',
    allergyTerms: ['codeine', 'opioid', 'opiate'],
    strengths: ['15 mg', '30 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'every-4-6-hours-as-needed',
  },
  tramadol: {
    name: 'Tramadol',
    group: 'opioid',
    allergyTerms: ['tramadol', 'opioid'],
    strengths: ['50 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'every-4-6-hours-as-needed',
  },
  lisinopril: {
    name: 'Lisinopril',
    group: 'ace-inhibitor',
    allergyTerms: ['lisinopril', 'ace inhibitor'],
    strengths: ['5 mg', '10 mg', '20 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  ramipril: {
    name: 'Ramipril',
    group: 'ace-inhibitor',
    allergyTerms: ['ramipril', 'ace inhibitor'],
    strengths: ['2.5 mg', '5 mg', '10 mg'],
    form: 'oral-capsule',
    route: 'oral',
    frequency: 'once-daily',
  },
  amlodipine: {
    name: 'Amlodipine',
    group: 'calcium-channel-blocker',
    allergyTerms: ['amlodipine'],
    strengths: ['5 mg', '10 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  spironolactone: {
    name: 'Spironolactone',
    group: 'potassium-sparing-diuretic',
    allergyTerms: ['spironolactone'],
    strengths: ['25 mg', '50 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  metformin: {
    name: 'Metformin',
    group: 'biguanide',
    allergyTerms: ['metformin'],
    strengths: ['500 mg', '850 mg', '1000 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'twice-daily',
  },
  atorvastatin: {
    name: 'Atorvastatin',
    group: 'statin',
    allergyTerms: ['atorvastatin', 'statin'],
    strengths: ['10 mg', '20 mg', '40 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily-at-bedtime',
  },
  simvastatin: {
    name: 'Simvastatin',
    group: 'statin',
    allergyTerms: ['simvastatin', 'statin'],
    strengths: ['10 mg', '20 mg', '40 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily-at-bedtime',
  },
  warfarin: {
    name: 'Warfarin',
    group: 'anticoagulant',
    allergyTerms: ['warfarin'],
    strengths: ['1 mg', '2 mg', '5 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  clopidogrel: {
    name: 'Clopidogrel',
    group: 'antiplatelet',
    allergyTerms: ['clopidogrel'],
    strengths: ['75 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  sertraline: {
    name: 'Sertraline',
    group: 'ssri',
    allergyTerms: ['sertraline', 'ssri'],
    strengths: ['50 mg', '100 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  fluoxetine: {
    name: 'Fluoxetine',
    group: 'ssri',
    allergyTerms: ['fluoxetine', 'ssri'],
    strengths: ['20 mg'],
    form: 'oral-capsule',
    route: 'oral',
    frequency: 'once-daily',
  },
  omeprazole: {
    name: 'Omeprazole',
    group: 'proton-pump-inhibitor',
    allergyTerms: ['omeprazole'],
    strengths: ['20 mg', '40 mg'],
    form: 'delayed-release-capsule',
    route: 'oral',
    frequency: 'once-daily-before-breakfast',
  },
  levothyroxine: {
    name: 'Levothyroxine',
    group: 'thyroid-hormone',
    allergyTerms: ['levothyroxine'],
    strengths: ['50 mcg', '75 mcg', '100 mcg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily-before-breakfast',
  },
  sildenafil: {
    name: 'Sildenafil',
    group: 'pde5-inhibitor',
    allergyTerms: ['sildenafil'],
    strengths: ['25 mg', '50 mg', '100 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  nitroglycerin: {
    name: 'Nitroglycerin',
    group: 'nitrate',
    allergyTerms: ['nitroglycerin', 'nitrate'],
    strengths: ['0.4 mg'],
    form: 'sublingual-tablet',
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
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  fluticasone: {
    name: 'Fluticasone',
    group: 'inhaled-corticosteroid',
    allergyTerms: ['fluticasone', 'corticosteroid'],
    strengths: ['44 mcg/actuation', '110 mcg/actuation', '220 mcg/actuation'],
    form: 'inhaler',
    route: 'inhaled',
    frequency: 'twice-daily',
  },
  empagliflozin: {
    name: 'Empagliflozin',
    group: 'sglt2-inhibitor',
    allergyTerms: ['empagliflozin', 'sglt2'],
    strengths: ['10 mg', '25 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  hydrochlorothiazide: {
    name: 'Hydrochlorothiazide',
    group: 'thiazide-diuretic',
    allergyTerms: ['hydrochlorothiazide', 'thiazide'],
    strengths: ['12.5 mg', '25 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  'ferrous-sulfate': {
    name: 'Ferrous sulfate',
    group: 'iron-supplement',
    allergyTerms: ['ferrous sulfate', 'iron'],
    strengths: ['325 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
  cetirizine: {
    name: 'Cetirizine',
    group: 'antihistamine',
    allergyTerms: ['cetirizine', 'antihistamine'],
    strengths: ['5 mg', '10 mg'],
    form: 'oral-tablet',
    route: 'oral',
    frequency: 'once-daily',
  },
} as const satisfies Record<string, CatalogueDrug>;

export type DrugCode = keyof typeof DRUG_CATALOGUE;
export const DRUG_CODES = Object.keys(DRUG_CATALOGUE) as [DrugCode, ...DrugCode[]];

/** A stored code as the list's own, or null for one the list no longer has. */
export function knownDrugCode(code: string | null): DrugCode | null {
  return code !== null && Object.hasOwn(DRUG_CATALOGUE, code) ? (code as DrugCode) : null;
}

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

/**
 * The English words a medication row keeps for a catalogue drug ("Lisinopril 10 mg oral tablet"):
 * the text as prescribed, which readers see in their own language from the code and strength.
 */
export function drugProductText(code: DrugCode, strength: string): string {
  const drug = DRUG_CATALOGUE[code];
  return `${drug.name} ${strength} ${DRUG_FORMS[drug.form]}`;
}
