import { z } from 'zod';
import { appointmentSchema } from './appointments';
import { visitSummarySchema } from './clinical-notes';
import { defineRoute, idParamsSchema } from './http';
import { medicationSchema } from './medications';
import { patientSummarySchema } from './patient-directory';
import { personNameSchema } from './person-name';
import { emergencyContactSchema } from './user';

// The patient's chart as the server answers it: allergies, lab results, vitals, problems,
// immunizations, medical and family history, document metadata, and all of it at once in
// GET /api/patients/{id}/complete. Codes are the standard ones: LOINC for labs and
// vitals, ICD-10 for problems, CVX for vaccines.

const instant = z.iso.datetime({ offset: true });

export const ALLERGY_TYPES = ['drug', 'food', 'environmental'] as const;
export const ALLERGY_SEVERITIES = ['mild', 'moderate', 'severe'] as const;
export const ALLERGY_STATUSES = ['active', 'inactive'] as const;

export const allergySchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  allergen: z.string(),
  /** The allergen's catalogue code (clinical-catalogue.ts), which the web words; null for free text. */
  code: z.string().nullable(),
  type: z.enum(ALLERGY_TYPES),
  severity: z.enum(ALLERGY_SEVERITIES),
  reaction: z.string().nullable(),
  status: z.enum(ALLERGY_STATUSES),
  createdAt: instant,
  /** Sent back with a change: a save naming an older version is refused (409 STALE_RECORD). */
  version: z.number().int(),
});
export type Allergy = z.infer<typeof allergySchema>;
export const allergyListResponseSchema = z.object({ data: z.array(allergySchema) });

export const LAB_FLAGS = ['normal', 'high', 'low', 'critical'] as const;
export type LabFlag = (typeof LAB_FLAGS)[number];
/** An order's steps: ordered → collected → resulted → reviewed (released to the patient), or cancelled before it is resulted. */
export const LAB_ORDER_STATUSES = ['ordered', 'collected', 'resulted', 'reviewed', 'cancelled'] as const;

export const labComponentSchema = z.object({
  id: z.uuid(),
  loincCode: z.string(),
  name: z.string(),
  value: z.number(),
  unit: z.string(),
  referenceLow: z.number().nullable(),
  referenceHigh: z.number().nullable(),
  flag: z.enum(LAB_FLAGS),
});
export type LabComponent = z.infer<typeof labComponentSchema>;

export const labPanelSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  /** The LOINC code of the panel (e.g. 58410-2 CBC). */
  panelCode: z.string(),
  panelName: z.string(),
  status: z.enum(LAB_ORDER_STATUSES),
  /** The ordering doctor's name in parts, which the web orders and titles in the reader's language; null when the account is gone. */
  orderer: personNameSchema.nullable(),
  orderedAt: instant,
  collectedAt: instant.nullable(),
  /** Null until released; a patient never receives an unreleased panel. */
  releasedAt: instant.nullable(),
  components: z.array(labComponentSchema),
});
export type LabPanel = z.infer<typeof labPanelSchema>;
export const labResultListResponseSchema = z.object({ data: z.array(labPanelSchema) });
export type LabResultListResponse = z.infer<typeof labResultListResponseSchema>;

export const VITAL_TYPES = [
  'blood-pressure-systolic',
  'blood-pressure-diastolic',
  'heart-rate',
  'temperature',
  'respiratory-rate',
  'oxygen-saturation',
  'weight',
  'height',
  'bmi',
  'glucose',
] as const;
export type VitalType = (typeof VITAL_TYPES)[number];

/** The LOINC code and unit each vital is recorded in. */
export const VITAL_DEFINITIONS: Record<VitalType, { loinc: string; unit: string }> = {
  'blood-pressure-systolic': { loinc: '8480-6', unit: 'mmHg' },
  'blood-pressure-diastolic': { loinc: '8462-4', unit: 'mmHg' },
  'heart-rate': { loinc: '8867-4', unit: '/min' },
  temperature: { loinc: '8310-5', unit: 'Cel' },
  'respiratory-rate': { loinc: '9279-1', unit: '/min' },
  'oxygen-saturation': { loinc: '59408-5', unit: '%' },
  weight: { loinc: '29463-7', unit: 'kg' },
  height: { loinc: '8302-2', unit: 'cm' },
  bmi: { loinc: '39156-5', unit: 'kg/m2' },
  glucose: { loinc: '2339-0', unit: 'mg/dL' },
};

export const VITAL_SOURCES = ['clinic', 'patient-reported', 'device'] as const;

export const vitalSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  type: z.enum(VITAL_TYPES),
  value: z.number(),
  unit: z.string(),
  measuredAt: instant,
  source: z.enum(VITAL_SOURCES),
});
export type Vital = z.infer<typeof vitalSchema>;

export const VITALS_PAGE_SIZE = 200;
export const vitalListQuerySchema = z
  .object({
    type: z.enum(VITAL_TYPES, 'choice.invalid').optional(),
    limit: z.coerce
      .number('choice.invalid')
      .int('choice.invalid')
      .min(1, 'choice.invalid')
      .max(1000, 'choice.invalid')
      .default(VITALS_PAGE_SIZE),
  })
  .strict();
/** Newest first, at most `limit`. */
export const vitalListResponseSchema = z.object({ data: z.array(vitalSchema) });
export type VitalListResponse = z.infer<typeof vitalListResponseSchema>;

export const PROBLEM_STATUSES = ['active', 'resolved', 'inactive'] as const;
export const problemSchema = z.object({
  id: z.uuid(),
  icd10Code: z.string(),
  description: z.string(),
  status: z.enum(PROBLEM_STATUSES),
  onsetDate: z.iso.date().nullable(),
  resolvedDate: z.iso.date().nullable(),
  version: z.number().int(),
});
export type Problem = z.infer<typeof problemSchema>;

export const immunizationSchema = z.object({
  id: z.uuid(),
  cvxCode: z.string(),
  name: z.string(),
  administeredOn: z.iso.date(),
  doseNumber: z.number().int().nullable(),
  lotNumber: z.string().nullable(),
  version: z.number().int(),
});
export type Immunization = z.infer<typeof immunizationSchema>;

export const MEDICAL_HISTORY_CATEGORIES = ['condition', 'surgery', 'hospitalisation', 'injury'] as const;
export const medicalHistoryEntrySchema = z.object({
  id: z.uuid(),
  category: z.enum(MEDICAL_HISTORY_CATEGORIES),
  description: z.string(),
  occurredOn: z.iso.date().nullable(),
  notes: z.string().nullable(),
});

export const familyHistoryEntrySchema = z.object({
  id: z.uuid(),
  relationship: z.string(),
  condition: z.string(),
  icd10Code: z.string().nullable(),
  onsetAge: z.number().int().nullable(),
});

export const DOCUMENT_CATEGORIES = ['lab-report', 'imaging', 'visit-summary', 'referral', 'insurance', 'consent', 'other'] as const;
/** Clinical documents come from the organisation; patient uploads may be deleted by the patient. */
export const DOCUMENT_ORIGINS = ['clinical', 'patient'] as const;
export const documentSchema = z.object({
  id: z.uuid(),
  category: z.enum(DOCUMENT_CATEGORIES),
  filename: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  origin: z.enum(DOCUMENT_ORIGINS),
  uploadedAt: instant,
});

/**
 * How much of each part the chart answers at most: the newest first, so a patient with years of
 * readings still gets a chart of bounded size (the full lists have their own routes).
 */
export const CHART_LIMITS = {
  /** Recent readings of each vital type (the trend beside the latest). */
  vitalsPerType: 20,
  labPanels: 50,
  documents: 100,
  appointments: 100,
  /** Allergies, problems, immunizations, history entries, medications. */
  entries: 200,
} as const;

/** What the chart's header flags, whatever section is open. */
export const CHART_ALERTS = ['severe-allergy', 'critical-lab-result', 'unreleased-lab-results'] as const;
export type ChartAlert = (typeof CHART_ALERTS)[number];

export const chartHeaderSchema = z.object({
  /** Completed years on the server's today; null without a date of birth. */
  age: z.number().int().nullable(),
  bloodType: z.string(),
  alerts: z.array(z.enum(CHART_ALERTS)),
});

export const chartDemographicsSchema = z.object({
  address: z.string().nullable(),
  preferredLanguage: z.string().nullable(),
  country: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  occupation: z.string().nullable(),
  insuranceProvider: z.string().nullable(),
  insurancePolicyNumber: z.string().nullable(),
  emergencyContact: emergencyContactSchema.nullable(),
});
export type ChartDemographics = z.infer<typeof chartDemographicsSchema>;

/** GET /api/patients/{id}/complete: the whole chart in one answer. */
export const patientChartSchema = z.object({
  patient: patientSummarySchema,
  header: chartHeaderSchema,
  demographics: chartDemographicsSchema,
  allergies: z.array(allergySchema),
  medications: z.array(medicationSchema),
  problems: z.array(problemSchema),
  immunizations: z.array(immunizationSchema),
  medicalHistory: z.array(medicalHistoryEntrySchema),
  familyHistory: z.array(familyHistoryEntrySchema),
  /** The latest reading of each vital type. */
  latestVitals: z.array(vitalSchema),
  /** The newest CHART_LIMITS.vitalsPerType readings of each type, newest first. */
  vitalSeries: z.array(vitalSchema),
  labResults: z.array(labPanelSchema),
  appointments: z.array(appointmentSchema),
  /** What the doctors released of the visits (a signed visit note's instructions), newest first. */
  visitSummaries: z.array(visitSummarySchema),
  documents: z.array(documentSchema),
});
export type PatientChart = z.infer<typeof patientChartSchema>;
export const patientChartResponseSchema = z.object({ data: patientChartSchema });

/** The chart's routes. A patient outside the caller's reach answers 404, like a missing one. */
export const healthRecordsApi = {
  chart: defineRoute({
    method: 'GET',
    path: '/api/patients/:id/complete',
    params: idParamsSchema,
    response: patientChartResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  vitals: defineRoute({
    method: 'GET',
    path: '/api/patients/:id/vitals',
    params: idParamsSchema,
    query: vitalListQuerySchema,
    response: vitalListResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  labResults: defineRoute({
    method: 'GET',
    path: '/api/patients/:id/lab-results',
    params: idParamsSchema,
    response: labResultListResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  allergies: defineRoute({
    method: 'GET',
    path: '/api/patients/:id/allergies',
    params: idParamsSchema,
    response: allergyListResponseSchema,
    errors: ['NOT_FOUND'],
  }),
};
