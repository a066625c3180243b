import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES_EN } from '../../contracts/validation-messages';

// The zod schemas in src/contracts speak in keys ('email.required'). The server turns a key into
// VALIDATION_MESSAGES_EN's English, the web into the `validation` namespace's text. This test keeps
// the two English catalogues equal, and every key a schema uses in the catalogue, so no user ever
// sees a raw key. (locales.test.ts then makes every other language say what English says.)

// A string, not new URL(): under jsdom the global URL is not Node's, which fileURLToPath rejects.
const LOCALES_DIR = import.meta.dirname ?? dirname(fileURLToPath(import.meta.url));
const CONTRACTS_DIR = join(LOCALES_DIR, '..', '..', 'contracts');

/** A message that is a key, not prose: 'email.required'. */
const KEY_SHAPE = /^[a-zA-Z]+\.[a-zA-Z]+$/;

/** Flattens nested objects to dotted keys; every other value is a leaf. */
function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

/** Blanks out comments (keeping strings intact), so a dotted word in a comment is not taken for a key. */
function stripComments(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    const next = source[i + 1];
    if (char === "'" || char === '"' || char === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== char) j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
    } else if (char === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
      out += ' ';
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

// A string literal without interpolation: '…', "…" or `…`.
const LITERAL = String.raw`(?:'([^'\\\n]*)'|"([^"\\\n]*)"|\`([^\`\\$]*)\`)`;

/**
 * Where a zod message goes. Call arguments cover .min(n, '…'), .max(n, '…'), .length(n, '…'),
 * .regex(re, '…'), .refine(fn, '…') (even when fn spans lines), z.enum(X, '…'), z.email('…'),
 * z.iso.date('…') and helpers that take the message first, like required('city.required', 100);
 * object properties cover { message: '…' } and zod 4's { error: '…' }.
 */
const MESSAGE_POSITIONS = [
  new RegExp(String.raw`[(,]\s*${LITERAL}\s*(?=[),])`, 'g'),
  new RegExp(String.raw`\b(?:message|error)\s*:\s*${LITERAL}`, 'g'),
];

/** Every key-shaped string literal a source file passes as a message. */
function messageKeysIn(source: string): string[] {
  const code = stripComments(source);
  const keys = new Set<string>();
  for (const pattern of MESSAGE_POSITIONS) {
    for (const match of code.matchAll(pattern)) {
      const text = match[1] ?? match[2] ?? match[3] ?? '';
      if (KEY_SHAPE.test(text)) keys.add(text);
    }
  }
  return [...keys].sort();
}

/**
 * The contract sources whose schemas carry messages: not the catalogue itself, not tests, and not
 * plain data files that import no zod (a list of dotted permission names is not a message).
 */
function contractFiles(): string[] {
  return readdirSync(CONTRACTS_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'validation-messages.ts')
    .filter((name) => /from 'zod'/.test(readFileSync(join(CONTRACTS_DIR, name), 'utf8')))
    .sort();
}

describe('validation catalogue', () => {
  it('en/validation.json says exactly what VALIDATION_MESSAGES_EN says (same keys, same texts)', () => {
    const web = flatten(JSON.parse(readFileSync(join(LOCALES_DIR, 'en', 'validation.json'), 'utf8')));
    const server: Record<string, string> = { ...VALIDATION_MESSAGES_EN };
    const onlyServer = Object.keys(server).filter((key) => !(key in web));
    const onlyWeb = Object.keys(web).filter((key) => !(key in server));
    const differ = Object.keys(server)
      .filter((key) => key in web && web[key] !== server[key])
      .map((key) => `${key}: server "${server[key]}", web "${String(web[key])}"`);
    expect(onlyServer, 'keys in VALIDATION_MESSAGES_EN missing from en/validation.json').toEqual([]);
    expect(onlyWeb, 'keys in en/validation.json missing from VALIDATION_MESSAGES_EN').toEqual([]);
    expect(differ, 'texts that differ between server and web English').toEqual([]);
    expect(web).toEqual(server);
  });

  it('finds messages in every position a schema puts them (scanner self-check)', () => {
    const sample = [
      "const required = (key: string) => z.string().min(1, key).max(200, 'text.tooLong');",
      "z.string().min(1, 'a.min').max(320, \"a.max\").length(6, `a.length`).regex(/^(\\d)+$/, 'a.regex')",
      "z.string().refine((value) => {\n  return value.length > 0;\n}, 'a.refine')",
      "z.object({}).refine((v) => v, { path: ['x'], message: 'a.message' })",
      "z.email('a.email'); z.iso.date('a.date'); z.enum(GENDERS, 'a.enum'); z\n  .enum([...X, 'Unknown'], 'a.enumMultiline')",
      "z.string({ error: 'a.error' }); required('a.helper', 100); required(\n  'a.helperMultiline',\n)",
      '// a comment: .min(1, \'not.aKey\') and ("field.path")',
      "/* block: .max(1, 'not.either') */ z.enum(['x.y']); z.string().max(10, 'Plain prose.'); import('./x')",
    ].join('\n');
    expect(messageKeysIn(sample)).toEqual(
      [
        'a.date',
        'a.email',
        'a.enum',
        'a.enumMultiline',
        'a.error',
        'a.helper',
        'a.helperMultiline',
        'a.length',
        'a.max',
        'a.message',
        'a.min',
        'a.refine',
        'a.regex',
        'text.tooLong',
      ].sort(),
    );
  });

  describe.each(contractFiles())('src/contracts/%s', (file) => {
    it('uses only zod message keys that VALIDATION_MESSAGES_EN defines', () => {
      const used = messageKeysIn(readFileSync(join(CONTRACTS_DIR, file), 'utf8'));
      const missing = used.filter((key) => !Object.hasOwn(VALIDATION_MESSAGES_EN, key));
      expect(missing, `${file}: message keys missing from VALIDATION_MESSAGES_EN (and en/validation.json)`).toEqual([]);
    });
  });

  it('actually finds the keys the contracts use (the scan is not silently empty)', () => {
    const used = new Set(contractFiles().flatMap((file) => messageKeysIn(readFileSync(join(CONTRACTS_DIR, file), 'utf8'))));
    // One per message position: a .min, a z.email, a { message }, a multi-line .refine, a z.enum
    // and a helper (registration's required('firstName.required', 100)).
    for (const key of [
      'email.required',
      'email.invalid',
      'password.newMismatch',
      'dateOfBirth.invalid',
      'gender.required',
      'firstName.required',
      // The country-dependent address messages (contracts/addresses.ts).
      'zipCode.required',
      'postalCode.invalid',
      'emirate.required',
    ]) {
      expect(used, `expected the scan to find '${key}'`).toContain(key);
    }
  });
});
