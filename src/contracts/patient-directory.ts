import { z } from 'zod';
import { boundedDateSchema, optionalDaySchema } from './dates';
import { pageQueryFields, pagedResponseSchema } from './paging';
import { emergencyContactSchema } from './user';

// The first patient-data routes, GET /api/patients (scoped list) and GET /api/patients/{id}.
// Who is listed is decided on the server (platform/patient-scope.ts); these schemas decide what
// leaves it: no account internals ever, and clinical fields only for callers with PHI access.

export const PATIENT_PAGE_SIZE = 20;

/**
 * The orders a list may be sorted in, from an allow-list (never a column name pasted into SQL); a
 * leading minus is descending. Each order ends on the patient's id, so pages never overlap.
 */
export const PATIENT_SORTS = ['name', '-name', 'mrn', '-mrn', 'dateOfBirth', '-dateOfBirth'] as const;
export type PatientSort = (typeof PATIENT_SORTS)[number];

export const patientListQuerySchema = z
  .object({
    /** Name (first, last or both) or medical record number. */
    search: z.string().trim().max(100, 'text.tooLong').optional(),
    /** Only patients born on this day. */
    dateOfBirth: boundedDateSchema().optional(),
    sort: z.enum(PATIENT_SORTS, 'choice.invalid').default('name'),
    ...pageQueryFields(PATIENT_PAGE_SIZE),
  })
  .strict();
export type PatientListQuery = z.input<typeof patientListQuerySchema>;

/** The "My patients" filter form: what the list's query takes, as a form types it ('' for none). */
export const patientFilterFormSchema = z.object({
  search: z.string().trim().max(100, 'text.tooLong'),
  dateOfBirth: optionalDaySchema(),
  sort: z.enum(PATIENT_SORTS, 'choice.invalid'),
});
export type PatientFilterForm = z.infer<typeof patientFilterFormSchema>;

/** Demographics: what anyone who reaches the patient sees. */
export const patientSummarySchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  medicalRecordNumber: z.string(),
});
export type PatientSummary = z.infer<typeof patientSummarySchema>;

export const patientListResponseSchema = pagedResponseSchema(patientSummarySchema);
export type PatientListResponse = z.infer<typeof patientListResponseSchema>;

/** Clinical fields as the patient reported them: only with patients.phi.access (doctors, admins, clinical staff). */
export const patientClinicalSchema = z.object({
  bloodType: z.string(),
  allergies: z.array(z.string()),
  medications: z.array(z.string()),
  medicalHistory: z.array(z.string()),
});

export const patientDetailSchema = patientSummarySchema.extend({
  address: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  occupation: z.string().nullable(),
  insuranceProvider: z.string().nullable(),
  insurancePolicyNumber: z.string().nullable(),
  emergencyContact: emergencyContactSchema.nullable(),
  preferredLanguage: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().nullable(),
  /** Null when the caller may not see clinical fields. */
  clinical: patientClinicalSchema.nullable(),
});
export type PatientDetail = z.infer<typeof patientDetailSchema>;

export const patientDetailResponseSchema = z.object({ data: patientDetailSchema });
