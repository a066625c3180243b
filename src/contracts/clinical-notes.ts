import { z } from 'zod';
import { defineRoute, idParamsSchema } from './http';
import { pageQueryFields, pagedResponseSchema } from './paging';
import { SPECIALTIES } from './specialties';

// Clinical notes written by doctors: one per visit (an appointment) or free-standing for a patient,
// in SOAP sections plus the instructions the patient will read. A note is a draft until its author
// signs it; a signed note never changes again, and later additions are addenda. Drafts are the
// author's alone. Templates start a note with text of their own and named fields the server fills
// from the patient's record.

export const NOTE_STATUSES = ['draft', 'signed'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

/** The SOAP sections and the patient-facing instructions, in the order the editor shows them. */
export const NOTE_SECTIONS = ['subjective', 'objective', 'assessment', 'plan', 'instructions'] as const;
export type NoteSection = (typeof NOTE_SECTIONS)[number];

/** Characters per section of a note or a template. */
export const NOTE_SECTION_MAX = 20_000;
export const ADDENDUM_MAX = 10_000;
export const TEMPLATE_NAME_MAX = 120;
export const NOTE_PAGE_SIZE = 25;

/**
 * The named fields a template may hold. When a note is started from a template the server replaces
 * each with the patient's record at that moment: latest vitals, active problems, active
 * medications, active allergies.
 */
export const TEMPLATE_FIELDS = ['vitals', 'problems', 'medications', 'allergies'] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
/** How a field is written in a template's text: `{{vitals}}`. */
export function templateFieldToken(field: TemplateField): string {
  return `{{${field}}}`;
}

const sectionText = z.string().max(NOTE_SECTION_MAX, 'text.tooLong');
const instant = z.iso.datetime({ offset: true });

const personSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

export const addendumSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  author: personSchema,
  createdAt: instant,
});
export type Addendum = z.infer<typeof addendumSchema>;

export const clinicalNoteSchema = z.object({
  id: z.uuid(),
  patient: personSchema,
  doctor: personSchema,
  /** The visit the note is about; null for a free-standing note. */
  appointmentId: z.uuid().nullable(),
  /** When the visit began, for a visit note. */
  visitAt: instant.nullable(),
  templateId: z.uuid().nullable(),
  status: z.enum(NOTE_STATUSES),
  subjective: z.string(),
  objective: z.string(),
  assessment: z.string(),
  plan: z.string(),
  instructions: z.string(),
  /** Sent back with every save: a save based on an older version is refused (NOTE_VERSION_CONFLICT). */
  version: z.number().int(),
  signedAt: instant.nullable(),
  signedBy: personSchema.nullable(),
  addenda: z.array(addendumSchema),
  createdAt: instant,
  updatedAt: instant,
});
export type ClinicalNote = z.infer<typeof clinicalNoteSchema>;

/** A note in a list: no section texts. */
export const clinicalNoteSummarySchema = clinicalNoteSchema.omit({
  subjective: true,
  objective: true,
  assessment: true,
  plan: true,
  instructions: true,
  addenda: true,
  signedBy: true,
});
export type ClinicalNoteSummary = z.infer<typeof clinicalNoteSummarySchema>;

export const noteResponseSchema = z.object({ data: clinicalNoteSchema });

export const NOTE_KINDS = ['all', 'visit', 'free'] as const;

export const noteListQuerySchema = z
  .object({
    kind: z.enum(NOTE_KINDS, 'choice.invalid').default('all'),
    status: z.enum(NOTE_STATUSES, 'choice.invalid').optional(),
    ...pageQueryFields(NOTE_PAGE_SIZE),
  })
  .strict();
export type NoteListQuery = z.output<typeof noteListQuerySchema>;
export const noteListResponseSchema = pagedResponseSchema(clinicalNoteSummarySchema).extend({
  /** The caller's drafts in all, whatever page or filter: what still waits for a signature. */
  unsigned: z.number().int(),
});
export type NoteListResponse = z.infer<typeof noteListResponseSchema>;

export const createNoteSchema = z
  .object({
    patientId: z.uuid('choice.invalid'),
    appointmentId: z.uuid('choice.invalid').optional(),
    templateId: z.uuid('choice.invalid').optional(),
  })
  .strict();
export type CreateNote = z.infer<typeof createNoteSchema>;

export const saveNoteSchema = z
  .object({
    version: z.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid').max(1_000_000, 'choice.invalid'),
    subjective: sectionText,
    objective: sectionText,
    assessment: sectionText,
    plan: sectionText,
    instructions: sectionText,
  })
  .strict();
export type SaveNote = z.infer<typeof saveNoteSchema>;

export const signNoteSchema = z
  .object({ version: z.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid').max(1_000_000, 'choice.invalid') })
  .strict();

export const addendumInputSchema = z.object({ text: z.string().trim().min(1, 'text.required').max(ADDENDUM_MAX, 'text.tooLong') }).strict();

// Templates

export const SPECIALTY_NAMES = SPECIALTIES.map((s) => s.name) as [string, ...string[]];

export const noteTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  specialty: z.string(),
  /** Shared with every doctor; otherwise only its owner lists and uses it. */
  shared: z.boolean(),
  owner: personSchema,
  /** True when the caller owns it, and so may change it. */
  mine: z.boolean(),
  subjective: z.string(),
  objective: z.string(),
  assessment: z.string(),
  plan: z.string(),
  instructions: z.string(),
  updatedAt: instant,
});
export type NoteTemplate = z.infer<typeof noteTemplateSchema>;

export const templateInputSchema = z
  .object({
    name: z.string().trim().min(1, 'name.required').max(TEMPLATE_NAME_MAX, 'text.tooLong'),
    specialty: z.enum(SPECIALTY_NAMES, 'choice.invalid'),
    shared: z.boolean('choice.invalid'),
    subjective: sectionText,
    objective: sectionText,
    assessment: sectionText,
    plan: sectionText,
    instructions: sectionText,
  })
  .strict();
export type TemplateInput = z.infer<typeof templateInputSchema>;

export const templateListQuerySchema = z.object({ specialty: z.enum(SPECIALTY_NAMES, 'choice.invalid').optional() }).strict();
export const templateResponseSchema = z.object({ data: noteTemplateSchema });
export const templateListResponseSchema = z.object({ data: z.array(noteTemplateSchema) });

/** What a patient reads of a signed visit note: the doctor's instructions, released at signing. */
export const visitSummarySchema = z.object({
  appointmentId: z.uuid(),
  doctor: personSchema,
  instructions: z.string(),
  releasedAt: instant,
});
export type VisitSummary = z.infer<typeof visitSummarySchema>;

/**
 * The notes and templates routes, for doctors. Someone else's draft, a patient out of reach and
 * another doctor's private template all answer 404, like missing ones.
 */
export const clinicalNotesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/clinical-notes',
    query: noteListQuerySchema,
    response: noteListResponseSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/clinical-notes',
    body: createNoteSchema,
    response: noteResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'NOTE_EXISTS'],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/clinical-notes/:id',
    params: idParamsSchema,
    response: noteResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/clinical-notes/:id',
    params: idParamsSchema,
    body: saveNoteSchema,
    response: noteResponseSchema,
    errors: ['NOT_FOUND', 'NOTE_VERSION_CONFLICT', 'NOTE_SIGNED'],
  }),
  sign: defineRoute({
    method: 'POST',
    path: '/api/clinical-notes/:id/sign',
    params: idParamsSchema,
    body: signNoteSchema,
    response: noteResponseSchema,
    errors: ['NOT_FOUND', 'NOTE_VERSION_CONFLICT', 'NOTE_SIGNED'],
  }),
  addendum: defineRoute({
    method: 'POST',
    path: '/api/clinical-notes/:id/addenda',
    params: idParamsSchema,
    body: addendumInputSchema,
    response: noteResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'NOTE_NOT_SIGNED'],
  }),
  templates: defineRoute({
    method: 'GET',
    path: '/api/note-templates',
    query: templateListQuerySchema,
    response: templateListResponseSchema,
  }),
  createTemplate: defineRoute({
    method: 'POST',
    path: '/api/note-templates',
    body: templateInputSchema,
    response: templateResponseSchema,
    status: 201,
  }),
  updateTemplate: defineRoute({
    method: 'PUT',
    path: '/api/note-templates/:id',
    params: idParamsSchema,
    body: templateInputSchema,
    response: templateResponseSchema,
    errors: ['NOT_FOUND'],
  }),
};
