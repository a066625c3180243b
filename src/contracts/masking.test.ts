import { describe, expect, it } from 'vitest';
import { looksMasked, maskEmail } from './masking';

describe('maskEmail', () => {
  it('keeps the first 3 characters and hides the rest, domain included', () => {
    const masked = maskEmail('jonathan.doe@example.com');
    expect(masked.startsWith('jon')).toBe(true);
    expect(masked).not.toContain('athan');
    expect(masked).not.toContain('example');
    expect(masked).not.toContain('.com');
    expect(masked).toBe('jon***@***');
  });

  it('never shows any part of the domain for a short local part', () => {
    expect(maskEmail('jo@example.com')).toBe('jo***@***');
    expect(maskEmail('a@bcd.org')).toBe('a***@***');
    expect(maskEmail('a@bcd.org')).not.toContain('b');
  });

  it('masks text without an @ too', () => {
    expect(maskEmail('someone')).toBe('som***');
  });
});

describe('looksMasked', () => {
  it('recognises what maskEmail produced', () => {
    for (const email of ['jonathan.doe@example.com', 'jo@example.com', 'a@b.co', 'someone']) {
      expect(looksMasked(maskEmail(email))).toBe(true);
    }
  });

  it('rejects clear addresses', () => {
    expect(looksMasked('jonathan.doe@example.com')).toBe(false);
    expect(looksMasked('jon@example.com')).toBe(false);
    expect(looksMasked('jon***@example.com')).toBe(false);
  });

  it('lets the server keep a client-masked address as it is (mask only what does not look masked)', () => {
    const remask = (value: string) => (looksMasked(value) ? value : maskEmail(value));
    for (const email of ['jonathan.doe@example.com', 'jo@example.com', 'a@b.co']) {
      const once = maskEmail(email);
      expect(remask(once)).toBe(once);
    }
    expect(remask('jo@example.com')).toBe('jo***@***');
  });
});
