import { z } from 'zod';
import { DOCUMENT_CATEGORIES, DOCUMENT_ORIGINS } from './health-records';
import { defineRoute, idParamsSchema } from './http';
import { pageQueryFields, pagedResponseSchema } from './paging';
import { VALIDATION_MESSAGES_EN, type ValidationMessageKey } from './validation-messages';

// Records and documents: what may be uploaded, how a file's type is decided (by its
// first bytes, never by its name) and the answers of the document routes. The browser runs the same
// check before sending, so a refusal reads the same wherever it happens.

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_PAGE_SIZE = 20;

export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** The extensions a file of each type may carry; a name with another one does not match its content. */
export const DOCUMENT_EXTENSIONS: Record<DocumentMimeType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
};

/** For the file input's `accept`. */
export const DOCUMENT_ACCEPT = [
  ...DOCUMENT_MIME_TYPES,
  ...Object.values(DOCUMENT_EXTENSIONS)
    .flat()
    .map((ext) => `.${ext}`),
].join(',');

/** How many leading bytes the sniffing reads. */
export const DOCUMENT_SNIFF_BYTES = 16;

/** Why an upload is refused, as the validation key the browser shows it with. */
export const DOCUMENT_REFUSAL_KEYS = {
  'file-required': 'document.fileRequired',
  empty: 'document.empty',
  'too-large': 'document.tooLarge',
  'type-not-allowed': 'document.typeNotAllowed',
  'content-mismatch': 'document.contentMismatch',
  'category-invalid': 'document.categoryInvalid',
  'name-invalid': 'document.nameInvalid',
} as const satisfies Record<string, ValidationMessageKey>;

/** The server's English message for each refusal: the key's text, so the web translates it back. */
export const DOCUMENT_REFUSALS = Object.fromEntries(
  Object.entries(DOCUMENT_REFUSAL_KEYS).map(([reason, key]) => [reason, VALIDATION_MESSAGES_EN[key]]),
) as { [Reason in keyof typeof DOCUMENT_REFUSAL_KEYS]: (typeof VALIDATION_MESSAGES_EN)[(typeof DOCUMENT_REFUSAL_KEYS)[Reason]] };
export type DocumentRefusal = keyof typeof DOCUMENT_REFUSAL_KEYS;

const REFUSAL_BY_MESSAGE = new Map<string, DocumentRefusal>(
  Object.entries(DOCUMENT_REFUSALS).map(([reason, message]) => [message, reason as DocumentRefusal]),
);

/** The refusal a server message stands for, if it is one. */
export function documentRefusalOf(message: string | undefined): DocumentRefusal | undefined {
  return message === undefined ? undefined : REFUSAL_BY_MESSAGE.get(message);
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type of a file from its first bytes (at least DOCUMENT_SNIFF_BYTES of them), or null when not an allowed one. */
export function sniffDocumentType(head: Uint8Array): DocumentMimeType | null {
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** The lower-case extension of a file name, without the dot; undefined when it has none. */
export function extensionOf(filename: string): string | undefined {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : undefined;
}

function typeOfExtension(extension: string | undefined): DocumentMimeType | undefined {
  if (!extension) return undefined;
  return DOCUMENT_MIME_TYPES.find((type) => DOCUMENT_EXTENSIONS[type].includes(extension));
}

/** Longest file name taken, in characters (most file systems stop at 255 bytes). */
export const DOCUMENT_MAX_NAME_LENGTH = 200;

/**
 * A name as a browser sends it: no folders (a path in the name means a hand-made request trying
 * its luck), no control characters, not "." or "..", not absurdly long.
 */
function isPlainFilename(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\\/\u0000-\u001f\u007f]/.test(name)) return false;
  const trimmed = name.trim();
  return trimmed.length > 0 && trimmed !== '.' && trimmed !== '..' && [...name].length <= DOCUMENT_MAX_NAME_LENGTH;
}

/** Declared types that say nothing (the browser's or a client's default). */
const UNINFORMATIVE_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
const TYPE_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

export interface FileFacts {
  name: string;
  /** The type the browser or client declared; never trusted, only compared. */
  declaredType: string;
  size: number;
  /** The file's first bytes. */
  head: Uint8Array;
}

/**
 * Whether a file may be stored, and as which type. The content decides the type; the name's
 * extension and the declared type must agree with it, so a PNG named `.pdf` or an HTML page named
 * `.png` is refused rather than stored under a type a browser might act on.
 */
export function checkDocumentFile(file: FileFacts): { ok: true; mimeType: DocumentMimeType } | { ok: false; reason: DocumentRefusal } {
  if (!isPlainFilename(file.name)) return { ok: false, reason: 'name-invalid' };
  if (file.size === 0) return { ok: false, reason: 'empty' };
  if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, reason: 'too-large' };
  const sniffed = sniffDocumentType(file.head);
  const extension = extensionOf(file.name);
  const byName = typeOfExtension(extension);
  const declared = TYPE_ALIASES[file.declaredType.toLowerCase()] ?? file.declaredType.toLowerCase();
  const declaresAllowed = (DOCUMENT_MIME_TYPES as readonly string[]).includes(declared);
  if (!sniffed) return { ok: false, reason: byName || declaresAllowed ? 'content-mismatch' : 'type-not-allowed' };
  if (extension !== undefined && byName !== sniffed) return { ok: false, reason: 'content-mismatch' };
  if (!UNINFORMATIVE_TYPES.has(declared) && declared !== sniffed) return { ok: false, reason: 'content-mismatch' };
  return { ok: true, mimeType: sniffed };
}

export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const documentCategorySchema = z.enum(DOCUMENT_CATEGORIES, 'choice.invalid');

export const documentListQuerySchema = z
  .object({
    category: documentCategorySchema.optional(),
    ...pageQueryFields(DOCUMENT_PAGE_SIZE),
  })
  .strict();
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

export const documentItemSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  category: z.enum(DOCUMENT_CATEGORIES),
  filename: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  origin: z.enum(DOCUMENT_ORIGINS),
  /**
   * Who uploaded it: the name in parts and the role, which the web orders (and titles, for a doctor)
   * in the reader's language; null when that account is gone.
   */
  uploader: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), role: z.string() }).nullable(),
  uploadedAt: z.iso.datetime({ offset: true }),
  /** Whether the caller may delete it (a patient their own uploads). */
  canDelete: z.boolean(),
});
export type DocumentItem = z.infer<typeof documentItemSchema>;

export const documentListResponseSchema = pagedResponseSchema(documentItemSchema).extend({
  /** Documents per category, whatever the filter: for the tabs. */
  counts: z.record(z.enum(DOCUMENT_CATEGORIES), z.number().int()),
});
export type DocumentListResponse = z.infer<typeof documentListResponseSchema>;

export const documentResponseSchema = z.object({ data: documentItemSchema });

/**
 * The document routes. An upload is multipart/form-data (a `category` field, then the `file`);
 * a download is the bytes as an attachment. Anything outside the caller's reach answers 404.
 */
export const documentsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/patients/:id/documents',
    params: idParamsSchema,
    query: documentListQuerySchema,
    response: documentListResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/api/patients/:id/documents',
    params: idParamsSchema,
    response: documentResponseSchema,
    status: 201,
    errors: ['NOT_FOUND', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  }),
  content: defineRoute({
    method: 'GET',
    path: '/api/documents/:id/content',
    params: idParamsSchema,
    errors: ['NOT_FOUND'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/documents/:id',
    params: idParamsSchema,
    status: 204,
    errors: ['NOT_FOUND'],
  }),
};
