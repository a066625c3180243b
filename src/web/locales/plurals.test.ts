import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

// A count is shown through i18next's plural forms, which follow each language's plural rules:
// Arabic has six (zero, one, two, few, many, other), English two, Chinese one. A text that puts a
// count before a word in one fixed form is wrong in some language for some count.
// (locales.test.ts checks that each language has every form its rules ask for.)

const LOCALES_DIR = import.meta.dirname ?? dirname(fileURLToPath(import.meta.url));
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Texts where the count stands alone, with no word that agrees with it. */
const COUNT_WITHOUT_NOUN = new Set([
  // "5m ago": an abbreviation, the same for every count.
  'notifications:time.minutesAgo',
  'notifications:time.hoursAgo',
  'notifications:time.daysAgo',
  // "Accounts, 12 in total", "Effective permissions (3)": the noun is a heading, not counted.
  'user-admin:table.caption',
  'user-admin:viewAs.effective',
  // "Patients (12)", "Results: 5": a search group's heading and the panel's announcement, label first.
  'search:groupCount',
  'search:announce',
]);

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
}

const namespaces = readdirSync(join(LOCALES_DIR, 'en'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

it('shows every count through plural forms', () => {
  const fixed: string[] = [];
  for (const namespace of namespaces) {
    for (const [key, text] of flatten(load('en', namespace))) {
      if (typeof text !== 'string' || !text.includes('{{count}}') || PLURAL_SUFFIX.test(key)) continue;
      if (!COUNT_WITHOUT_NOUN.has(`${namespace}:${key}`)) fixed.push(`${namespace}:${key}`);
    }
  }
  expect(fixed, 'texts that show a count in one fixed form').toEqual([]);
});

describe('Arabic counts', () => {
  const t = i18next.createInstance();
  const ready = t.init({
    lng: 'ar',
    fallbackLng: false,
    resources: { ar: Object.fromEntries(['health', 'audit', 'settings', 'booking', 'user-admin'].map((ns) => [ns, load('ar', ns)])) },
  });

  const vitals = (count: number) =>
    t.t('health:vitals.trendSummary', { count, measure: 'النبض', first: 'أ', last: 'ب', latest: '73' }).split(' من ')[0];

  it.each([
    [0, 'النبض: لا قياسات'],
    [1, 'النبض: قياس واحد'],
    [2, 'النبض: قياسان'],
    [3, 'النبض: 3 قياسات'],
    [11, 'النبض: 11 قياسًا'],
    [100, 'النبض: 100 قياس'],
  ])('words %i vital readings in the form Arabic uses for it', async (count, words) => {
    await ready;
    expect(vitals(count)).toBe(words);
  });

  it('words lab results, hours and unsaved changes by count', async () => {
    await ready;
    const labs = (count: number) => t.t('health:labs.trendSummary', { count, test: 'س', first: 'أ', last: 'ب', latest: '5', unit: '%' });
    expect(labs(2)).toContain('نتيجتان');
    expect(labs(5)).toContain('5 نتائج');
    expect(t.t('booking:manage.tooLate', { count: 2 })).toContain('ساعتين');
    expect(t.t('booking:manage.tooLate', { count: 24 })).toContain('24 ساعةً');
    expect(t.t('user-admin:detail.unsaved', { count: 1 })).toBe('تغيير واحد غير محفوظ');
    expect(t.t('user-admin:detail.unsaved', { count: 4 })).toBe('4 تغييرات غير محفوظة');
  });

  it('puts a counted masculine noun from eleven to ninety-nine in the accusative', async () => {
    await ready;
    expect(t.t('audit:viewer.caption', { count: 11 })).toBe('11 حدثًا تدقيقيًا');
    expect(t.t('settings:mfa.codesRemaining', { count: 12 })).toBe('تبقّى 12 رمزًا للاسترداد');
  });
});
