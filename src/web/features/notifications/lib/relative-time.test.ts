import { beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../../lib/i18n';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

beforeAll(async () => {
  await initI18n('en');
});

describe('relative time', () => {
  it('reads Just now, minutes, hours and days ago in English, then the date from 7 days', () => {
    const t = i18next.getFixedT('en');
    expect(relativeTime(ago(0), NOW, 'en', t)).toBe('Just now');
    expect(relativeTime(ago(59_999), NOW, 'en', t)).toBe('Just now');
    // A clock a little ahead of the server's must not show a time in the future.
    expect(relativeTime(ago(-5000), NOW, 'en', t)).toBe('Just now');
    expect(relativeTime(ago(MIN), NOW, 'en', t)).toBe('1m ago');
    expect(relativeTime(ago(59 * MIN), NOW, 'en', t)).toBe('59m ago');
    expect(relativeTime(ago(60 * MIN), NOW, 'en', t)).toBe('1h ago');
    expect(relativeTime(ago(23 * 60 * MIN + 59 * MIN), NOW, 'en', t)).toBe('23h ago');
    expect(relativeTime(ago(24 * 60 * MIN), NOW, 'en', t)).toBe('1d ago');
    expect(relativeTime(ago(7 * 24 * 60 * MIN - 1), NOW, 'en', t)).toBe('6d ago');
    expect(relativeTime(ago(7 * 24 * 60 * MIN), NOW, 'en', t)).toBe('Mar 3, 2026');
  });

  it('speaks the reader’s language elsewhere', async () => {
    await i18next.loadLanguages(['de', 'fr', 'ar']);
    expect(relativeTime(ago(10_000), NOW, 'de', i18next.getFixedT('de'))).toBe('Gerade eben');
    expect(relativeTime(ago(5 * MIN), NOW, 'de', i18next.getFixedT('de'))).toBe('vor 5 Min.');
    expect(relativeTime(ago(3 * 60 * MIN), NOW, 'fr', i18next.getFixedT('fr'))).toBe('il y a 3 h');
    expect(relativeTime(ago(30 * 24 * 60 * MIN), NOW, 'fr', i18next.getFixedT('fr'))).toBe(
      new Intl.DateTimeFormat('fr', { dateStyle: 'medium' }).format(new Date(ago(30 * 24 * 60 * MIN))),
    );
    expect(relativeTime(ago(2 * 24 * 60 * MIN), NOW, 'ar', i18next.getFixedT('ar'))).toBe('منذ 2 ي');
  });
});
