import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../contracts/languages';
import { NAMESPACES } from '../lib/i18n';

// Every language must say everything English says, no more, with the same interpolation
// placeholders. The folders and files are discovered from disk, so a new language or namespace
// is checked the moment it is added.

// A string, not new URL(): under jsdom the global URL is not Node's, which fileURLToPath rejects.
const LOCALES_DIR = import.meta.dirname ?? dirname(fileURLToPath(import.meta.url));
const REFERENCE = 'en';
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}/g;

type Flat = Map<string, unknown>;

function languageFolders(): string[] {
  return readdirSync(LOCALES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function namespaceFiles(language: string): string[] {
  return readdirSync(join(LOCALES_DIR, language))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

function load(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'));
}

/** Flattens nested objects to dotted keys; every other value (string or not) is a leaf. */
function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function placeholders(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))].sort();
}

/**
 * The keys a language must have: English's keys, except that a plural group (key_one, key_other…)
 * becomes the plural forms that language uses (Arabic has six, Chinese one).
 * Maps each expected key to the English key whose placeholders it must share.
 */
function expectedKeys(reference: Flat, language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const key of reference.keys()) {
    if (!PLURAL_SUFFIX.test(key)) {
      expected.set(key, key);
      continue;
    }
    const base = key.replace(PLURAL_SUFFIX, '');
    const source = reference.has(`${base}_other`) ? `${base}_other` : key;
    for (const category of categories) expected.set(`${base}_${category}`, source);
    // i18next uses `_zero` for a count of 0 in every language when English words that case apart.
    if (key === `${base}_zero`) expected.set(key, key);
  }
  return expected;
}

const languages = languageFolders();
const namespaces = namespaceFiles(REFERENCE);
const others = languages.filter((language) => language !== REFERENCE);

describe('locale folders', () => {
  it('has a folder for every supported language and no folder for any other', () => {
    expect(languages).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it('has an English file for every namespace i18n loads, and no other', () => {
    expect(namespaces).toEqual([...NAMESPACES].sort());
  });

  it.each(others)('%s has exactly the namespace files English has', (language) => {
    expect(namespaceFiles(language)).toEqual(namespaces);
  });
});

describe.each(languages)('%s', (language) => {
  describe.each(namespaces)('%s.json', (namespace) => {
    const reference = flatten(load(REFERENCE, namespace));

    it('parses and holds only non-empty strings', () => {
      const texts = flatten(load(language, namespace));
      const notStrings = [...texts].filter(([, text]) => typeof text !== 'string').map(([key]) => key);
      const empty = [...texts].filter(([, text]) => typeof text === 'string' && text.trim() === '').map(([key]) => key);
      expect(notStrings, `${language}/${namespace}.json: values that are not strings`).toEqual([]);
      expect(empty, `${language}/${namespace}.json: empty strings`).toEqual([]);
    });

    if (language === REFERENCE) return;

    it('has every key English has and no other', () => {
      const texts = flatten(load(language, namespace));
      const expected = expectedKeys(reference, language);
      const missing = [...expected.keys()].filter((key) => !texts.has(key));
      const extra = [...texts.keys()].filter((key) => !expected.has(key));
      expect(missing, `${language}/${namespace}.json lacks keys that en has`).toEqual([]);
      expect(extra, `${language}/${namespace}.json has keys that en does not`).toEqual([]);
    });

    it('uses the same interpolation placeholders as English', () => {
      const texts = flatten(load(language, namespace));
      const mismatches: string[] = [];
      for (const [key, source] of expectedKeys(reference, language)) {
        if (!texts.has(key)) continue; // reported as missing above
        const plural = PLURAL_SUFFIX.test(key);
        // A plural form may leave the count implicit ("one item", Arabic's dual), nothing else.
        const strip = (names: string[]) => (plural ? names.filter((name) => name !== 'count') : names);
        const want = strip(placeholders(reference.get(source)));
        const got = strip(placeholders(texts.get(key)));
        if (want.join('|') !== got.join('|')) {
          mismatches.push(`${key}: en has [${want.join(', ')}], ${language} has [${got.join(', ')}]`);
        }
      }
      expect(mismatches, `${language}/${namespace}.json placeholders differ from en`).toEqual([]);
    });

    it('keeps the product name untranslated', () => {
      const texts = flatten(load(language, namespace));
      const lost = [...reference]
        .filter(([, text]) => typeof text === 'string' && text.includes('Caredeck'))
        .filter(([key]) => texts.has(key) && !String(texts.get(key)).includes('Caredeck'))
        .map(([key]) => key);
      expect(lost, `${language}/${namespace}.json: "Caredeck" translated or dropped`).toEqual([]);
    });
  });
});
