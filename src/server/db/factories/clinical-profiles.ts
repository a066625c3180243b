import type { AllergenCode, MedicationFrequency } from '../../../contracts/clinical-catalogue';
import type { DrugCode } from '../../../contracts/drug-catalogue';

// Believable chronic conditions and what follows from each: the problem (ICD-10), the usual
// medications, how lab values and vitals drift. A patient's history is drawn from one or two of
// these, so their problems, medications, labs and vitals tell one consistent story.

export interface MedicationTemplate {
  /** As prescribed, in English: what a reader sees when their language has no words for the code. */
  name: string;
  /** The drug list's code and one of its strengths: the web words them in the reader's language. */
  drugCode: DrugCode;
  strength: string;
  dosage: string;
  /** A code of the catalogue: the web words it in the reader's language. */
  frequency: MedicationFrequency;
  route: string;
  instructions?: string;
}

export interface ConditionProfile {
  key: string;
  icd10: string;
  description: string;
  medications: readonly MedicationTemplate[];
  /** Added to the typical value of lab components, by LOINC code. */
  labs?: Partial<Record<string, number>>;
  /** Added to the baseline systolic blood pressure. */
  systolic?: number;
  /** Weekly glucose readings at home. */
  homeGlucose?: boolean;
}

export const CONDITIONS: readonly ConditionProfile[] = [
  {
    key: 'hypertension',
    icd10: 'I10',
    description: 'Essential (primary) hypertension',
    medications: [
      {
        name: 'Lisinopril 10 mg oral tablet',
        drugCode: 'lisinopril',
        strength: '10 mg',
        dosage: '10 mg',
        frequency: 'once-daily',
        route: 'oral',
      },
      {
        name: 'Amlodipine 5 mg oral tablet',
        drugCode: 'amlodipine',
        strength: '5 mg',
        dosage: '5 mg',
        frequency: 'once-daily',
        route: 'oral',
      },
    ],
    labs: { '2823-3': 0.3, '2160-0': 0.1 },
    systolic: 18,
  },
  {
    key: 'diabetes',
    icd10: 'E11.9',
    description: 'Type 2 diabetes mellitus without complications',
    medications: [
      {
        name: 'Metformin 500 mg oral tablet',
        drugCode: 'metformin',
        strength: '500 mg',
        dosage: '500 mg',
        frequency: 'twice-daily',
        route: 'oral',
        instructions: 'Take with meals.',
      },
      {
        name: 'Empagliflozin 10 mg oral tablet',
        drugCode: 'empagliflozin',
        strength: '10 mg',
        dosage: '10 mg',
        frequency: 'once-daily',
        route: 'oral',
      },
    ],
    labs: { '2345-7': 42, '4548-4': 1.9, '2571-8': 45 },
    homeGlucose: true,
  },
  {
    key: 'hyperlipidemia',
    icd10: 'E78.5',
    description: 'Hyperlipidemia, unspecified',
    medications: [
      {
        name: 'Atorvastatin 20 mg oral tablet',
        drugCode: 'atorvastatin',
        strength: '20 mg',
        dosage: '20 mg',
        frequency: 'once-daily-at-bedtime',
        route: 'oral',
      },
    ],
    labs: { '2093-3': 38, '13457-7': 40, '2571-8': 30, '2085-9': -8 },
  },
  {
    key: 'asthma',
    icd10: 'J45.909',
    description: 'Unspecified asthma, uncomplicated',
    medications: [
      {
        name: 'Albuterol 90 mcg/actuation inhaler',
        drugCode: 'albuterol',
        strength: '90 mcg/actuation',
        dosage: '2 puffs',
        frequency: 'every-4-6-hours-as-needed',
        route: 'inhaled',
      },
      {
        name: 'Fluticasone 110 mcg/actuation inhaler',
        drugCode: 'fluticasone',
        strength: '110 mcg/actuation',
        dosage: '2 puffs',
        frequency: 'twice-daily',
        route: 'inhaled',
      },
    ],
    labs: { '6690-2': 0.8 },
  },
  {
    key: 'hypothyroidism',
    icd10: 'E03.9',
    description: 'Hypothyroidism, unspecified',
    medications: [
      {
        name: 'Levothyroxine 75 mcg oral tablet',
        drugCode: 'levothyroxine',
        strength: '75 mcg',
        dosage: '75 mcg',
        frequency: 'once-daily-before-breakfast',
        route: 'oral',
        instructions: 'Take on an empty stomach.',
      },
    ],
    labs: { '2093-3': 20 },
  },
  {
    key: 'gerd',
    icd10: 'K21.9',
    description: 'Gastro-esophageal reflux disease without esophagitis',
    medications: [
      {
        name: 'Omeprazole 20 mg delayed-release capsule',
        drugCode: 'omeprazole',
        strength: '20 mg',
        dosage: '20 mg',
        frequency: 'once-daily-before-breakfast',
        route: 'oral',
      },
    ],
  },
  {
    key: 'anxiety',
    icd10: 'F41.1',
    description: 'Generalized anxiety disorder',
    medications: [
      {
        name: 'Sertraline 50 mg oral tablet',
        drugCode: 'sertraline',
        strength: '50 mg',
        dosage: '50 mg',
        frequency: 'once-daily',
        route: 'oral',
      },
    ],
  },
  {
    key: 'anemia',
    icd10: 'D50.9',
    description: 'Iron deficiency anemia, unspecified',
    medications: [
      {
        name: 'Ferrous sulfate 325 mg oral tablet',
        drugCode: 'ferrous-sulfate',
        strength: '325 mg',
        dosage: '325 mg',
        frequency: 'once-daily',
        route: 'oral',
      },
    ],
    labs: { '718-7': -2.6, '4544-3': -7, '787-2': -10 },
  },
];

/** Short courses that end: the "past" medications of a history. */
export const PAST_MEDICATIONS: readonly (MedicationTemplate & { reason: string })[] = [
  {
    name: 'Amoxicillin 500 mg oral capsule',
    drugCode: 'amoxicillin',
    strength: '500 mg',
    dosage: '500 mg',
    frequency: 'three-times-daily',
    route: 'oral',
    reason: 'Course completed',
  },
  {
    name: 'Ibuprofen 400 mg oral tablet',
    drugCode: 'ibuprofen',
    strength: '400 mg',
    dosage: '400 mg',
    frequency: 'every-8-hours-as-needed',
    route: 'oral',
    reason: 'No longer needed',
  },
  {
    name: 'Prednisone 20 mg oral tablet',
    drugCode: 'prednisone',
    strength: '20 mg',
    dosage: '20 mg',
    frequency: 'once-daily',
    route: 'oral',
    reason: 'Course completed',
  },
  {
    name: 'Azithromycin 250 mg oral tablet',
    drugCode: 'azithromycin',
    strength: '250 mg',
    dosage: '250 mg',
    frequency: 'once-daily',
    route: 'oral',
    reason: 'Course completed',
  },
  {
    name: 'Hydrochlorothiazide 25 mg oral tablet',
    drugCode: 'hydrochlorothiazide',
    strength: '25 mg',
    dosage: '25 mg',
    frequency: 'once-daily',
    route: 'oral',
    reason: 'Replaced by another medication',
  },
  {
    name: 'Cetirizine 10 mg oral tablet',
    drugCode: 'cetirizine',
    strength: '10 mg',
    dosage: '10 mg',
    frequency: 'once-daily',
    route: 'oral',
    reason: 'Seasonal symptoms resolved',
  },
];

export const RESOLVED_PROBLEMS = [
  { icd10: 'J20.9', description: 'Acute bronchitis, unspecified' },
  { icd10: 'S93.401A', description: 'Sprain of unspecified ligament of right ankle, initial encounter' },
  { icd10: 'N39.0', description: 'Urinary tract infection, site not specified' },
  { icd10: 'J01.90', description: 'Acute sinusitis, unspecified' },
] as const;

export const ALLERGENS: readonly { allergen: string; code: AllergenCode; type: 'drug' | 'food' | 'environmental'; reaction: string }[] = [
  { allergen: 'Penicillin', code: 'penicillin', type: 'drug', reaction: 'Hives and itching' },
  { allergen: 'Sulfonamide antibiotics', code: 'sulfonamide-antibiotics', type: 'drug', reaction: 'Skin rash' },
  { allergen: 'Codeine', code: 'codeine', type: 'drug', reaction: 'Nausea and vomiting' },
  { allergen: 'Ibuprofen', code: 'ibuprofen', type: 'drug', reaction: 'Stomach pain' },
  { allergen: 'Peanuts', code: 'peanuts', type: 'food', reaction: 'Swelling of lips and throat' },
  { allergen: 'Shellfish', code: 'shellfish', type: 'food', reaction: 'Hives' },
  { allergen: 'Eggs', code: 'eggs', type: 'food', reaction: 'Abdominal cramps' },
  { allergen: 'Latex', code: 'latex', type: 'environmental', reaction: 'Contact dermatitis' },
  { allergen: 'Pollen', code: 'pollen', type: 'environmental', reaction: 'Sneezing and watery eyes' },
] as const;

export const VACCINES = [
  { cvx: '150', name: 'Influenza, injectable, quadrivalent, preservative free' },
  { cvx: '208', name: 'COVID-19, mRNA, LNP-S, PF, 30 mcg/0.3 mL dose' },
  { cvx: '115', name: 'Tdap' },
  { cvx: '187', name: 'Zoster vaccine recombinant' },
  { cvx: '133', name: 'Pneumococcal conjugate PCV 13' },
  { cvx: '43', name: 'Hepatitis B, adult dosage' },
  { cvx: '03', name: 'MMR' },
] as const;

export const PAST_HISTORY = [
  { category: 'surgery', description: 'Appendectomy' },
  { category: 'surgery', description: 'Tonsillectomy' },
  { category: 'surgery', description: 'Arthroscopic knee surgery (right)' },
  { category: 'surgery', description: 'Laparoscopic cholecystectomy' },
  { category: 'hospitalisation', description: 'Community-acquired pneumonia, 4-day stay' },
  { category: 'injury', description: 'Fracture of the left wrist' },
  { category: 'condition', description: 'Childhood asthma, outgrown' },
  { category: 'condition', description: 'Gestational diabetes' },
] as const;

export const FAMILY_CONDITIONS = [
  { condition: 'Type 2 diabetes mellitus', icd10: 'E11.9' },
  { condition: 'Coronary artery disease', icd10: 'I25.10' },
  { condition: 'Essential hypertension', icd10: 'I10' },
  { condition: 'Breast cancer', icd10: 'C50.919' },
  { condition: 'Colon cancer', icd10: 'C18.9' },
  { condition: 'Stroke', icd10: 'I63.9' },
  { condition: "Alzheimer's disease", icd10: 'G30.9' },
  { condition: 'Asthma', icd10: 'J45.909' },
] as const;

export const RELATIVES = ['Mother', 'Father', 'Sister', 'Brother', 'Maternal grandmother', 'Paternal grandfather'] as const;
