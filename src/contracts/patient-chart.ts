import { z } from 'zod';
import { PROBLEM_CODE_LIST, VACCINE_CODE_LIST } from './clinical-catalogue';
import { boundedDateSchema, isCalendarDate } from './dates';
import {
  ALLERGY_SEVERITIES,
  ALLERGY_STATUSES,
  ALLERGY_TYPES,
  allergySchema,
  immunizationSchema,
  PROBLEM_STATUSES,
  problemSchema,
  vitalSchema,
  type VitalType,
} from './health-records';
import { defineRoute } from './http';

// The clinician's changes to a chart: vital signs recorded with their units and checked against
// plausible ranges (body mass index worked out by the server), allergies, coded problems (ICD-10-CM)
// and immunizations (CVX). Each change of an existing entry names the version it was read at; a
// save over a newer version is refused (409 STALE_RECORD) and changes nothing.

/** The vitals a person enters (body mass index is derived, never typed). */
export const ENTERED_VITALS = [
  'blood-pressure-systolic',
  'blood-pressure-diastolic',
  'heart-rate',
  'temperature',
  'respiratory-rate',
  'oxygen-saturation',
  'weight',
  'height',
  'glucose',
] as const satisfies readonly VitalType[];
export type EnteredVital = (typeof ENTERED_VITALS)[number];

/**
 * What a reading may plausibly be, in the unit it is recorded in (health-records VITAL_DEFINITIONS):
 * wide enough for any living patient, adult or newborn, narrow enough to catch a slip of the keyboard
 * (a temperature of 370, a weight typed in grams).
 */
export const VITAL_RANGES: Record<EnteredVital, { min: number; max: number }> = {
  'blood-pressure-systolic': { min: 50, max: 300 },
  'blood-pressure-diastolic': { min: 20, max: 200 },
  'heart-rate': { min: 20, max: 300 },
  temperature: { min: 25, max: 45 },
  'respiratory-rate': { min: 4, max: 80 },
  'oxygen-saturation': { min: 50, max: 100 },
  weight: { min: 0.3, max: 500 },
  height: { min: 20, max: 275 },
  glucose: { min: 10, max: 1500 },
};

/** Body mass index from kilograms and centimetres, to one decimal. */
export function bodyMassIndex(weightKg: number, heightCm: number): number {
  const metres = heightCm / 100;
  return Math.round((weightKg / (metres * metres)) * 10) / 10;
}

const measure = (type: EnteredVital) =>
  z
    .number('vitals.implausible')
    .finite('vitals.implausible')
    .min(VITAL_RANGES[type].min, 'vitals.implausible')
    .max(VITAL_RANGES[type].max, 'vitals.implausible')
    .optional();

const readings = Object.fromEntries(ENTERED_VITALS.map((type) => [type, measure(type)])) as {
  [K in EnteredVital]: ReturnType<typeof measure>;
};

/** Blood pressure is two readings or none; the systolic above the diastolic. */
function checkPressure(values: Partial<Record<EnteredVital, number | undefined>>, ctx: z.RefinementCtx): void {
  const systolic = values['blood-pressure-systolic'];
  const diastolic = values['blood-pressure-diastolic'];
  if (
    (systolic === undefined) !== (diastolic === undefined) ||
    (systolic !== undefined && diastolic !== undefined && systolic <= diastolic)
  ) {
    ctx.addIssue({
      code: 'custom',
      message: 'vitals.bloodPressure',
      path: [systolic === undefined ? 'blood-pressure-systolic' : 'blood-pressure-diastolic'],
    });
  }
  if (ENTERED_VITALS.every((type) => values[type] === undefined)) {
    ctx.addIssue({ code: 'custom', message: 'vitals.noneEntered', path: ['heart-rate'] });
  }
}

/** POST /api/patients/{id}/vitals: one sitting's readings, taken now (or at `measuredAt`, not in the future). */
export const vitalsEntrySchema = z
  .object({
    ...readings,
    measuredAt: z.iso.datetime({ offset: true, error: 'date.invalid' }).optional(),
  })
  .strict()
  .superRefine(checkPressure);
export type VitalsEntry = z.infer<typeof vitalsEntrySchema>;

/** A number field as a form types it: '' for none, else a plausible figure (comma or point). */
const typedMeasure = (type: EnteredVital) =>
  z
    .string()
    .trim()
    .max(10, 'vitals.implausible')
    .transform((text, ctx) => {
      if (text === '') return undefined;
      const value = Number(text.replace(',', '.'));
      const { min, max } = VITAL_RANGES[type];
      if (!Number.isFinite(value) || value < min || value > max) {
        ctx.addIssue({ code: 'custom', message: 'vitals.implausible' });
        return z.NEVER;
      }
      return value;
    });

/** The vitals form: the same ranges and rules, from typed text. */
export const vitalsFormSchema = z
  .object(
    Object.fromEntries(ENTERED_VITALS.map((type) => [type, typedMeasure(type)])) as {
      [K in EnteredVital]: ReturnType<typeof typedMeasure>;
    },
  )
  .superRefine(checkPressure);
export type VitalsFormInput = z.input<typeof vitalsFormSchema>;

export const vitalsEntryResponseSchema = z.object({ data: z.array(vitalSchema) });

const text = (max: number) => z.string().trim().min(1, 'text.required').max(max, 'text.tooLong');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'text.tooLong')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
const version = z.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid').max(2_147_483_647, 'choice.invalid');

/** A day that has happened (not after today in any time zone). */
const pastDay = boundedDateSchema().refine(
  (day) => !isCalendarDate(day) || day <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
  'date.future',
);
/** '' or null for none, else a day that has happened. */
const optionalPastDay = z
  .union([z.literal(''), pastDay])
  .nullable()
  .optional()
  .transform((day) => (day ? day : null));

export const allergyCreateSchema = z
  .object({
    allergen: text(200),
    type: z.enum(ALLERGY_TYPES, 'choice.invalid'),
    severity: z.enum(ALLERGY_SEVERITIES, 'choice.invalid'),
    reaction: optionalText(500),
  })
  .strict();
export type AllergyCreate = z.input<typeof allergyCreateSchema>;

export const allergyUpdateSchema = z
  .object({
    version,
    severity: z.enum(ALLERGY_SEVERITIES, 'choice.invalid'),
    reaction: optionalText(500),
    status: z.enum(ALLERGY_STATUSES, 'choice.invalid'),
  })
  .strict();
export type AllergyUpdate = z.input<typeof allergyUpdateSchema>;

function checkResolved(values: { status?: string; onsetDate?: string | null; resolvedDate?: string | null }, ctx: z.RefinementCtx) {
  if (values.resolvedDate && values.status !== 'resolved') {
    ctx.addIssue({ code: 'custom', message: 'problem.resolvedDateNeedsResolved', path: ['resolvedDate'] });
  }
  if (values.onsetDate && values.resolvedDate && values.resolvedDate < values.onsetDate) {
    ctx.addIssue({ code: 'custom', message: 'date.rangeOrder', path: ['resolvedDate'] });
  }
}

export const problemCreateSchema = z
  .object({
    icd10Code: z.enum(PROBLEM_CODE_LIST, 'choice.invalid'),
    status: z.enum(PROBLEM_STATUSES, 'choice.invalid'),
    onsetDate: optionalPastDay,
    resolvedDate: optionalPastDay,
  })
  .strict()
  .superRefine(checkResolved);
export type ProblemCreate = z.input<typeof problemCreateSchema>;

export const problemUpdateSchema = z
  .object({
    version,
    status: z.enum(PROBLEM_STATUSES, 'choice.invalid'),
    onsetDate: optionalPastDay,
    resolvedDate: optionalPastDay,
  })
  .strict()
  .superRefine(checkResolved);
export type ProblemUpdate = z.input<typeof problemUpdateSchema>;

const doseNumber = z
  .union([z.literal(''), z.coerce.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid').max(10, 'choice.invalid')])
  .nullable()
  .optional()
  .transform((value) => (value === '' || value === undefined ? null : value));

export const immunizationCreateSchema = z
  .object({
    cvxCode: z.enum(VACCINE_CODE_LIST, 'choice.invalid'),
    administeredOn: pastDay,
    doseNumber,
    lotNumber: optionalText(50),
  })
  .strict();
export type ImmunizationCreate = z.input<typeof immunizationCreateSchema>;

export const immunizationUpdateSchema = z.object({ version, administeredOn: pastDay, doseNumber, lotNumber: optionalText(50) }).strict();
export type ImmunizationUpdate = z.input<typeof immunizationUpdateSchema>;

const entryParamsSchema = z.object({ id: z.string().max(100), entryId: z.string().max(100) });
const patientParamsSchema = z.object({ id: z.string().max(100) });

/** The chart's write routes. A patient outside the caller's reach answers 404, like a missing one. */
export const patientChartApi = {
  recordVitals: defineRoute({
    method: 'POST',
    path: '/api/patients/:id/vitals',
    params: patientParamsSchema,
    body: vitalsEntrySchema,
    response: vitalsEntryResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
  }),
  addAllergy: defineRoute({
    method: 'POST',
    path: '/api/patients/:id/allergies',
    params: patientParamsSchema,
    body: allergyCreateSchema,
    response: z.object({ data: allergySchema }),
    status: 201,
    errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
  }),
  updateAllergy: defineRoute({
    method: 'PUT',
    path: '/api/patients/:id/allergies/:entryId',
    params: entryParamsSchema,
    body: allergyUpdateSchema,
    response: z.object({ data: allergySchema }),
    errors: ['NOT_FOUND', 'VALIDATION_FAILED', 'STALE_RECORD'],
  }),
  addProblem: defineRoute({
    method: 'POST',
    path: '/api/patients/:id/problems',
    params: patientParamsSchema,
    body: problemCreateSchema,
    response: z.object({ data: problemSchema }),
    status: 201,
    errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
  }),
  updateProblem: defineRoute({
    method: 'PUT',
    path: '/api/patients/:id/problems/:entryId',
    params: entryParamsSchema,
    body: problemUpdateSchema,
    response: z.object({ data: problemSchema }),
    errors: ['NOT_FOUND', 'VALIDATION_FAILED', 'STALE_RECORD'],
  }),
  addImmunization: defineRoute({
    method: 'POST',
    path: '/api/patients/:id/immunizations',
    params: patientParamsSchema,
    body: immunizationCreateSchema,
    response: z.object({ data: immunizationSchema }),
    status: 201,
    errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
  }),
  updateImmunization: defineRoute({
    method: 'PUT',
    path: '/api/patients/:id/immunizations/:entryId',
    params: entryParamsSchema,
    body: immunizationUpdateSchema,
    response: z.object({ data: immunizationSchema }),
    errors: ['NOT_FOUND', 'VALIDATION_FAILED', 'STALE_RECORD'],
  }),
};
