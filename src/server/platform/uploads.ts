import type { FastifyReply } from 'fastify';
import {
  checkDocumentFile,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_REFUSALS,
  DOCUMENT_SNIFF_BYTES,
  type DocumentMimeType,
  type DocumentRefusal,
} from '../../contracts/documents';
import { AppError } from './app-error';
import { attachmentDisposition, sanitiseFilename } from './file-names';

// Files people upload (a patient's documents, a message's attachments) are taken by one set of
// rules: the type is decided by the content (contracts/documents.ts, the same check the browser
// runs), the name is reduced to a safe one, and a download is always an attachment. Each area keeps
// only where the bytes go and who may read them.

/** A file as it came in a multipart form: nothing about it is trusted yet. */
export interface IncomingFile {
  filename: string;
  declaredType: string;
  bytes: Buffer;
}

/** A file that passed the checks: its type from its content, its name made safe. */
export interface CheckedFile {
  filename: string;
  mimeType: DocumentMimeType;
  bytes: Buffer;
}

/** The file as it may be stored, or why it may not. */
export function checkIncomingFile(file: IncomingFile): { ok: true; file: CheckedFile } | { ok: false; reason: DocumentRefusal } {
  const checked = checkDocumentFile({
    name: file.filename,
    declaredType: file.declaredType,
    size: file.bytes.length,
    head: file.bytes.subarray(0, DOCUMENT_SNIFF_BYTES),
  });
  if (!checked.ok) return checked;
  return {
    ok: true,
    file: {
      filename: sanitiseFilename(file.filename, DOCUMENT_EXTENSIONS[checked.mimeType][0]!),
      mimeType: checked.mimeType,
      bytes: file.bytes,
    },
  };
}

/**
 * The error for a refused file: 413 for one too large, 415 for a type that is not taken, else 400.
 * Its message is the refusal's English text, which the web translates back; `field` names where.
 */
export function uploadRefusal(reason: DocumentRefusal, field = 'file'): AppError {
  const message = DOCUMENT_REFUSALS[reason];
  const code =
    reason === 'too-large' ? 'PAYLOAD_TOO_LARGE' : reason === 'type-not-allowed' ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION_FAILED';
  return new AppError(code, message, { [field]: message });
}

/** Whether a multipart reading error is busboy's "a file went past its size limit". */
export function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Sends stored bytes as a download: always an attachment under its stored type, never sniffed or
 * rendered by the browser in our origin, whatever they hold, and never cached.
 */
export function sendStoredFile(reply: FastifyReply, file: { filename: string; mimeType: string; content: Buffer }): FastifyReply {
  return reply
    .header('content-type', file.mimeType)
    .header('content-disposition', attachmentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'no-store')
    .header('content-length', file.content.length)
    .send(file.content);
}
