import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('personName', () => {
  const wang = { firstName: '伟', lastName: '王' };
  const sarah = { firstName: 'Sarah', lastName: 'Chen' };

  it('writes a Chinese name family name first with no space in Chinese', () => {
    expect(personName(wang, 'zh')).toBe('王伟');
    expect(personName(wang, 'zh-CN')).toBe('王伟');
  });

  it('keeps a name in Latin letters in its own order, with its space, in Chinese', () => {
    expect(personName(sarah, 'zh')).toBe('Sarah Chen');
  });

  it.each(['en', 'es', 'fr', 'de', 'ar'])('writes the given name first in %s', (language) => {
    expect(personName(sarah, language)).toBe('Sarah Chen');
    expect(personName({ firstName: 'Layla', lastName: 'Haddad' }, language)).toBe('Layla Haddad');
  });

  it('writes a Korean name family name first with its space', () => {
    expect(personName({ firstName: '민준', lastName: '김' }, 'ko')).toBe('김 민준');
  });

  it('shows one part alone when the other is missing, and trims both', () => {
    expect(personName({ firstName: ' Sam ', lastName: '' }, 'en')).toBe('Sam');
    expect(personName({ firstName: '', lastName: '王' }, 'zh')).toBe('王');
  });
});
