import { describe, expect, it } from 'vitest';
import { ownOriginLinks } from './own-origin-links';

const ORIGIN = 'https://portal.example.org';

describe('ownOriginLinks', () => {
  it('links a URL of this site, without the sentence punctuation after it', () => {
    expect(ownOriginLinks(`Reset it here: ${ORIGIN}/reset-password#token=abc_DEF-123.\nThanks`, ORIGIN)).toEqual([
      { kind: 'text', text: 'Reset it here: ' },
      { kind: 'link', text: `${ORIGIN}/reset-password#token=abc_DEF-123`, href: `${ORIGIN}/reset-password#token=abc_DEF-123` },
      { kind: 'text', text: '.\nThanks' },
    ]);
  });

  it('keeps URLs of any other site as plain text', () => {
    const text = 'See https://evil.example.com/reset-password#token=x and http://portal.example.org/login (wrong scheme).';
    expect(ownOriginLinks(text, ORIGIN)).toEqual([{ kind: 'text', text }]);
  });

  it('is not fooled by look-alike hosts, ports or credentials in the URL', () => {
    for (const url of [
      'https://portal.example.org.evil.com/x',
      'https://portal.example.org:8443/x',
      'https://portal.example.org@evil.com/x',
      'https://user:pass@portal.example.org/x',
    ]) {
      expect(ownOriginLinks(`go ${url} now`, ORIGIN), url).toEqual([{ kind: 'text', text: `go ${url} now` }]);
    }
  });

  it('never links other schemes, whatever they point at', () => {
    const text = 'javascript:alert(1) data:text/html,<b>x</b> //portal.example.org/x';
    expect(ownOriginLinks(text, ORIGIN)).toEqual([{ kind: 'text', text }]);
  });

  it('links several own URLs and leaves the text between them intact', () => {
    const parts = ownOriginLinks(`${ORIGIN}/a or ${ORIGIN}/b`, ORIGIN);
    expect(parts.map((part) => part.kind)).toEqual(['link', 'text', 'link']);
    expect(parts.map((part) => part.text).join('')).toBe(`${ORIGIN}/a or ${ORIGIN}/b`);
  });

  it('returns plain text unchanged when there is no URL', () => {
    expect(ownOriginLinks('Hello <b>Ann</b>', ORIGIN)).toEqual([{ kind: 'text', text: 'Hello <b>Ann</b>' }]);
    expect(ownOriginLinks('', ORIGIN)).toEqual([]);
  });
});
