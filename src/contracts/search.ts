import { z } from 'zod';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from './appointments';
import { isCalendarDate, isInDateWindow } from './dates';
import { FEATURE_CATEGORIES, FEATURE_ICONS } from './feature-catalogue';
import { defineRoute } from './http';
import { personNameSchema } from './person-name';
import { ROLES } from './roles';

// GET /api/search?query=: the header's instant search and the full results page. Who
// finds what is the server's rule: patients find features open to patients and their
// own appointments; the other roles find what their reach and permissions allow.

/** The longest query accepted; the search box cannot hold more. */
export const SEARCH_QUERY_MAX = 100;
/** Words past this many are ignored: a name, a record number or a date never needs more. */
export const SEARCH_MAX_WORDS = 6;
/** People are searched from this many characters on; a single letter finds only features. */
export const SEARCH_MIN_PEOPLE_CHARS = 2;
/** Items per group in the header's panel. */
export const SEARCH_PANEL_PER_GROUP = 3;
/** Features in the panel: 4 categories of 3. */
export const SEARCH_PANEL_FEATURE_CATEGORIES = 4;
/** A page of one group on the full results page. */
export const SEARCH_PAGE_SIZE = 20;
/** Instant search waits this long after the last key in the header. */
export const SEARCH_DEBOUNCE_MS = 300;
/** …and this long on the full results page, where the box is the page's only work. */
export const SEARCH_PAGE_DEBOUNCE_MS = 200;
/** Recent searches kept on the device. */
export const RECENT_SEARCHES_MAX = 5;
/** The device key of the recent searches. */
export const RECENT_SEARCHES_KEY = 'recentSearches';
/** Searches one user may send per minute before being asked to wait. */
export const SEARCH_RATE_PER_MINUTE = 120;

export const SEARCH_GROUPS = ['patients', 'doctors', 'staff', 'features', 'appointments'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

export const searchQuerySchema = z
  .object({
    /** What the person typed. Empty (or only spaces) answers nothing. */
    query: z.string().max(SEARCH_QUERY_MAX, 'text.tooLong').default(''),
    /** One group, paged (the full results page); all groups, a few each, without it. */
    group: z.enum(SEARCH_GROUPS, 'choice.invalid').optional(),
    page: z.coerce.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid').max(500, 'choice.invalid').default(1),
  })
  .strict();
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchPatientSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  medicalRecordNumber: z.string(),
  /** Clinical: only for callers with PHI access, else null. */
  bloodType: z.string().nullable(),
});
export type SearchPatient = z.infer<typeof searchPatientSchema>;

export const searchDoctorSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  specialty: z.string(),
  department: z.string().nullable(),
});
export type SearchDoctor = z.infer<typeof searchDoctorSchema>;

export const searchStaffSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  position: z.string().nullable(),
});
export type SearchStaff = z.infer<typeof searchStaffSchema>;

export const searchFeatureSchema = z.object({
  id: z.string(),
  /** A translation key of the `search` namespace. */
  name: z.string(),
  /** A translation key of the `search` namespace. */
  description: z.string(),
  category: z.enum(FEATURE_CATEGORIES),
  route: z.string(),
  icon: z.enum(FEATURE_ICONS),
  patientAccessible: z.boolean(),
});
export type SearchFeature = z.infer<typeof searchFeatureSchema>;

export const searchAppointmentSchema = z.object({
  id: z.uuid(),
  type: z.enum(APPOINTMENT_TYPES),
  status: z.enum(APPOINTMENT_STATUSES),
  startsAt: z.string(),
  patientId: z.uuid(),
  /** The names in parts, which the web orders (and titles, for the doctor) in the reader's language. */
  patient: personNameSchema,
  doctor: personNameSchema,
});
export type SearchAppointment = z.infer<typeof searchAppointmentSchema>;

export const searchResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    patients: z.array(searchPatientSchema),
    doctors: z.array(searchDoctorSchema),
    staff: z.array(searchStaffSchema),
    features: z.array(searchFeatureSchema),
    appointments: z.array(searchAppointmentSchema),
    /** How many items this answer holds. */
    total: z.number().int(),
    /** Per group: whether more than the answer holds match (a "see all" link, a next page). */
    more: z.object({
      patients: z.boolean(),
      doctors: z.boolean(),
      staff: z.boolean(),
      features: z.boolean(),
      appointments: z.boolean(),
    }),
  }),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type SearchResults = SearchResponse['data'];

export const searchApi = {
  search: defineRoute({
    method: 'GET',
    path: '/api/search',
    query: searchQuerySchema,
    response: searchResponseSchema,
    errors: ['RATE_LIMITED'],
  }),
};

/** What a query is, once read as plain text: its words, a day, digits (a phone or record number). */
export interface ReadQuery {
  /** Trimmed, spaces collapsed. */
  text: string;
  words: string[];
  /** A calendar day (YYYY-MM-DD) when the query is one: 2024-03-05, 05/03/2024 or 05.03.2024. */
  day: string | null;
  /** The digits when the query is mostly digits (a phone number), at least 4 of them. */
  digits: string | null;
}

export function readQuery(raw: string): ReadQuery {
  // Control characters are no part of anything searched for; they become spaces.
  const text = raw
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // A word without a letter or digit (a lone "%", "-" or "\\") names nothing and is left out.
  const words =
    text === ''
      ? []
      : text
          .split(' ')
          .filter((word) => /[\p{L}\p{N}]/u.test(word))
          .slice(0, SEARCH_MAX_WORDS);
  return { text, words, day: dayOf(text), digits: digitsOf(text) };
}

function dayOf(text: string): string | null {
  let day: string | undefined;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) day = `${iso[1]}-${iso[2]}-${iso[3]}`;
  // Day first, as most of the portal's languages write it.
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  if (dmy) day = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return day && isCalendarDate(day) && isInDateWindow(day) ? day : null;
}

function digitsOf(text: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 4 ? digits : null;
}
