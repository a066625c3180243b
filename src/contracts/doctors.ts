import { z } from 'zod';
import { defineRoute } from './http';
import { SPECIALTIES, type Specialty } from './specialties';

// A doctor as GET /api/doctors shows them: the public directory. Only what a visitor of the landing
// page may see leaves the server (no email, phone or account internals): the response schemas below
// are also the server's serialisers, so a field they do not list is dropped.

export const DOCTOR_PAGE_SIZE_MAX = 100;

/** The doctor card's limits (docs/product.md, Landing page). */
export const DOCTOR_CARD = {
  maxQualifications: 2,
  bioLines: 3,
  ratingDecimals: 1,
  feeDecimals: 2,
  /** Initials shown when a name part is missing: D for the first name, R for the last. */
  defaultInitials: ['D', 'R'] as const,
} as const;

export const doctorSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  specialty: z.string(),
  /** Where the doctor works: their clinic's current name, or the hospital typed for a doctor of no clinic. */
  hospital: z.string(),
  /** Years of experience. */
  experience: z.number().int(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Money travels as a decimal string, never a float. */
  consultationFee: z.string().nullable(),
  qualifications: z.array(z.string()),
  bio: z.string().nullable(),
  /** Image URL; null shows the initials. */
  avatar: z.string().nullable(),
  verified: z.boolean(),
  languages: z.array(z.string()),
  telemedicineEnabled: z.boolean(),
});
export type Doctor = z.infer<typeof doctorSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'text.tooLong')
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * A call without parameters gets every doctor (the landing page's explorer asks so); the directory adds filters and paging. Without
 * `pageSize` one page of the maximum size is answered, which holds every doctor of the demo organisation.
 */
export const doctorListQuerySchema = z
  .object({
    /** Case-insensitive equality with the specialty. */
    specialty: optionalText(100),
    /** Part of the doctor's name. */
    q: optionalText(100),
    language: optionalText(50),
    telemedicine: z.enum(['true', 'false'], 'choice.invalid').optional(),
    page: z.coerce.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid').max(100_000, 'choice.invalid').default(1),
    pageSize: z.coerce
      .number('choice.invalid')
      .int('choice.invalid')
      .min(1, 'choice.invalid')
      .max(DOCTOR_PAGE_SIZE_MAX, 'choice.invalid')
      .default(DOCTOR_PAGE_SIZE_MAX),
  })
  .strict();
export type DoctorListQuery = z.input<typeof doctorListQuerySchema>;
export type DoctorListParams = z.output<typeof doctorListQuerySchema>;

export const doctorListResponseSchema = z.object({
  data: z.array(doctorSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type DoctorListResponse = z.infer<typeof doctorListResponseSchema>;

/** Weekly availability: 0 = Sunday … 6 = Saturday; times as HH:MM in the clinic's local time. */
export const availabilitySlotSchema = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  startTime: z.string(),
  endTime: z.string(),
  isAvailable: z.boolean(),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

export const doctorProfileSchema = doctorSchema.extend({
  department: z.string().nullable(),
  availability: z.array(availabilitySlotSchema),
});
export type DoctorProfile = z.infer<typeof doctorProfileSchema>;

export const doctorProfileResponseSchema = z.object({ data: doctorProfileSchema });

/** Any text up to a sane length: a malformed id is as missing as an unknown one (404). */
export const doctorIdParamsSchema = z.object({ id: z.string().max(100) });

/** The public doctor directory: no patient data, answered before anyone signs in. */
export const doctorsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/doctors',
    query: doctorListQuerySchema,
    response: doctorListResponseSchema,
  }),
  profile: defineRoute({
    method: 'GET',
    path: '/api/doctors/:id',
    params: doctorIdParamsSchema,
    response: doctorProfileResponseSchema,
    errors: ['NOT_FOUND'],
  }),
};

// Display rules of the doctor card, shared by the landing page and the directory.

/** First letters of first and last name; D and R stand in for a missing part. */
export function doctorInitials(doctor: Pick<Doctor, 'firstName' | 'lastName'>): string {
  const first = doctor.firstName.trim().charAt(0) || DOCTOR_CARD.defaultInitials[0];
  const last = doctor.lastName.trim().charAt(0) || DOCTOR_CARD.defaultInitials[1];
  return `${first}${last}`.toUpperCase();
}

/** The rating to 1 decimal in the locale's digits; a missing or unreadable rating reads 0.0. */
export function formatRating(rating: number | string | null | undefined, locale: string): string {
  const value = Number(rating ?? 0);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: DOCTOR_CARD.ratingDecimals,
    maximumFractionDigits: DOCTOR_CARD.ratingDecimals,
  }).format(Number.isFinite(value) ? value : 0);
}

/**
 * The fee with its currency to 2 decimals: "$150.00" in English, the locale's own currency format
 * elsewhere ("150,00 $" in German). A missing fee reads as 0.00.
 */
export function formatFee(fee: number | string | null | undefined, locale: string): string {
  const value = Number(fee ?? 0);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: DOCTOR_CARD.feeDecimals,
    maximumFractionDigits: DOCTOR_CARD.feeDecimals,
  }).format(Number.isFinite(value) ? value : 0);
}

/** At most two qualifications shown; the rest is counted for "+N more". */
export function splitQualifications(qualifications: readonly string[]): { shown: string[]; more: number } {
  const shown = qualifications.slice(0, DOCTOR_CARD.maxQualifications);
  return { shown, more: qualifications.length - shown.length };
}

/** The landing page keeps the doctors whose specialty equals the chosen one, ignoring case. */
export function doctorsOfSpecialty<T extends Pick<Doctor, 'specialty'>>(doctors: readonly T[], specialty: string): T[] {
  const wanted = specialty.trim().toLowerCase();
  return doctors.filter((doctor) => doctor.specialty.trim().toLowerCase() === wanted);
}

/** The specialty a doctor record names (records store the English name), for its translated label. */
export function specialtyByName(name: string): Specialty | undefined {
  const wanted = name.trim().toLowerCase();
  return SPECIALTIES.find((specialty) => specialty.name.toLowerCase() === wanted);
}

/** Languages the directory offers as a filter: those the organisation's doctors speak. */
export const DIRECTORY_LANGUAGES = ['English', 'Spanish', 'French', 'German', 'Chinese', 'Arabic'] as const;

/**
 * The directory's filter form as the screen holds it: the text as typed (trimmed when read), a
 * specialty and a language by their English names ('' for any), the video-consultation box.
 */
export const directoryFilterFormSchema = z.object({
  q: z.string().trim().max(100, 'text.tooLong'),
  specialty: z.string().max(100, 'text.tooLong'),
  language: z.string().max(50, 'text.tooLong'),
  telemedicine: z.boolean(),
});
export type DirectoryFilterForm = z.infer<typeof directoryFilterFormSchema>;
