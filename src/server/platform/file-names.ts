import { extensionOf } from '../../contracts/documents';

// The name an uploaded file (a document, a message's attachment) is stored and offered for
// download under. It came from the uploader's machine, so it is reduced to a plain file name: no
// folders, no control or reserved characters, a bounded length, and the extension of the type its
// content was found to be.

const MAX_LENGTH = 120;
// Control characters, the characters Windows and shells treat specially, and bidirectional overrides
// (which can make "evil‮fdp.exe" read as "evilexe.pdf").
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function sanitiseFilename(original: string, extension: string): string {
  const base = original.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const currentExtension = extensionOf(base);
  let stem = currentExtension ? base.slice(0, -(currentExtension.length + 1)) : base;
  stem = stem
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (stem.length === 0) stem = 'document';
  const suffix = `.${currentExtension ?? extension}`;
  return [...stem].slice(0, MAX_LENGTH - suffix.length).join('') + suffix;
}

/** RFC 6266 Content-Disposition for a download: an ASCII fallback and the exact UTF-8 name. */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
