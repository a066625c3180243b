import { describe, expect, it } from 'vitest';
import { checkDocumentFile, DOCUMENT_MAX_BYTES, DOCUMENT_REFUSALS, documentRefusalOf, extensionOf, sniffDocumentType } from './documents';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(16).fill(0)]);
const text = (value: string) => new TextEncoder().encode(value.padEnd(16, ' '));

const PDF = text('%PDF-1.7\n%');
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);
const WEBP = new Uint8Array([...text('RIFF').slice(0, 4), 0x24, 0, 0, 0, ...text('WEBPVP8 ').slice(0, 8)]);
const GIF = text('GIF89a');
const HTML = text('<!doctype html><script>');

describe('sniffDocumentType', () => {
  it('knows PDF, PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffDocumentType(PDF)).toBe('application/pdf');
    expect(sniffDocumentType(PNG)).toBe('image/png');
    expect(sniffDocumentType(JPEG)).toBe('image/jpeg');
    expect(sniffDocumentType(WEBP)).toBe('image/webp');
  });

  it('knows nothing else, and nothing from too few bytes', () => {
    expect(sniffDocumentType(GIF)).toBeNull();
    expect(sniffDocumentType(HTML)).toBeNull();
    expect(sniffDocumentType(text('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffDocumentType(new Uint8Array([0x25, 0x50, 0x44]))).toBeNull();
    expect(sniffDocumentType(new Uint8Array())).toBeNull();
  });
});

describe('checkDocumentFile', () => {
  const file = (name: string, head: Uint8Array, declaredType = '', size = 2048) => checkDocumentFile({ name, head, declaredType, size });

  it('takes a file whose name and declared type agree with its content', () => {
    expect(file('scan.PDF', PDF, 'application/pdf')).toEqual({ ok: true, mimeType: 'application/pdf' });
    expect(file('photo.jpg', JPEG, 'image/jpeg')).toEqual({ ok: true, mimeType: 'image/jpeg' });
    expect(file('photo.jpeg', JPEG, 'image/jpg')).toEqual({ ok: true, mimeType: 'image/jpeg' });
    expect(file('card.webp', WEBP, 'application/octet-stream')).toEqual({ ok: true, mimeType: 'image/webp' });
    expect(file('no-extension', PNG, '')).toEqual({ ok: true, mimeType: 'image/png' });
  });

  it('refuses content that does not match the name or the declared type', () => {
    expect(file('report.pdf', PNG, 'application/pdf')).toEqual({ ok: false, reason: 'content-mismatch' });
    expect(file('report.pdf', text('just some notes'), 'application/pdf')).toEqual({ ok: false, reason: 'content-mismatch' });
    expect(file('image.png', HTML, 'image/png')).toEqual({ ok: false, reason: 'content-mismatch' });
    expect(file('report.pdf', PDF, 'image/png')).toEqual({ ok: false, reason: 'content-mismatch' });
    expect(file('report.exe', PDF, '')).toEqual({ ok: false, reason: 'content-mismatch' });
  });

  it('refuses names with folders, control characters, dots only or beyond the length limit', () => {
    expect(file('../../etc/passwd.pdf', PDF)).toEqual({ ok: false, reason: 'name-invalid' });
    expect(file('C:\\scans\\report.pdf', PDF)).toEqual({ ok: false, reason: 'name-invalid' });
    expect(file('report\u0000.pdf', PDF)).toEqual({ ok: false, reason: 'name-invalid' });
    expect(file('..', PDF)).toEqual({ ok: false, reason: 'name-invalid' });
    expect(file(`${'a'.repeat(197)}.pdf`, PDF)).toEqual({ ok: false, reason: 'name-invalid' });
    expect(file(`${'a'.repeat(196)}.pdf`, PDF)).toEqual({ ok: true, mimeType: 'application/pdf' });
  });

  it('refuses types that are not allowed, empty files and files over the limit', () => {
    expect(file('notes.txt', text('hello'), 'text/plain')).toEqual({ ok: false, reason: 'type-not-allowed' });
    expect(file('anim.gif', GIF, 'image/gif')).toEqual({ ok: false, reason: 'type-not-allowed' });
    expect(file('empty.pdf', PDF, 'application/pdf', 0)).toEqual({ ok: false, reason: 'empty' });
    expect(file('big.pdf', PDF, 'application/pdf', DOCUMENT_MAX_BYTES)).toEqual({ ok: true, mimeType: 'application/pdf' });
    expect(file('big.pdf', PDF, 'application/pdf', DOCUMENT_MAX_BYTES + 1)).toEqual({ ok: false, reason: 'too-large' });
  });
});

describe('helpers', () => {
  it('reads extensions and maps messages back to their refusal', () => {
    expect(extensionOf('a/b\\c.tar.GZ')).toBe('gz');
    expect(extensionOf('.bashrc')).toBeUndefined();
    expect(extensionOf('trailing.')).toBeUndefined();
    expect(documentRefusalOf(DOCUMENT_REFUSALS['too-large'])).toBe('too-large');
    expect(documentRefusalOf('Something else')).toBeUndefined();
  });
});
