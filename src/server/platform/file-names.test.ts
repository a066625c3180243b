import { describe, expect, it } from 'vitest';
import { attachmentDisposition, sanitiseFilename } from './file-names';

describe('sanitiseFilename', () => {
  it('keeps a plain name as it is', () => {
    expect(sanitiseFilename('Blood test März 2026.pdf', 'pdf')).toBe('Blood test März 2026.pdf');
  });

  it('drops folders, control and reserved characters and bidi overrides', () => {
    expect(sanitiseFilename('../../etc/passwd.pdf', 'pdf')).toBe('passwd.pdf');
    expect(sanitiseFilename('C:\\Users\\me\\scan.png', 'png')).toBe('scan.png');
    expect(sanitiseFilename('a<b>:"c|?*\u0000\u0007.pdf', 'pdf')).toBe('a_b___c_____.pdf');
    expect(sanitiseFilename('evil\u202Efdp.exe.pdf', 'pdf')).toBe('evil_fdp.exe.pdf');
  });

  it('names a nameless file and adds the extension of its content when it has none', () => {
    expect(sanitiseFilename('...pdf', 'pdf')).toBe('document.pdf');
    expect(sanitiseFilename('scan', 'png')).toBe('scan.png');
  });

  it('bounds the length and keeps the extension', () => {
    const name = sanitiseFilename(`${'x'.repeat(500)}.jpeg`, 'jpg');
    expect(name).toHaveLength(120);
    expect(name.endsWith('.jpeg')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('offers an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('Résumé (1).pdf')).toBe(
      `attachment; filename="R_sum_ (1).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%281%29.pdf`,
    );
    expect(attachmentDisposition('a"b.pdf')).toBe(`attachment; filename="a_b.pdf"; filename*=UTF-8''a%22b.pdf`);
  });
});
