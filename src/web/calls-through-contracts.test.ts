import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The web calls the server through the routes' contracts (routeQuery / callRoute on `<area>Api`,
// src/web/lib/api-routes.ts), so a path, its parameters and its answer's type come from the one
// place the server validates them against. This fails on a URL written by hand in a feature: a
// `/api/...` string or a call of the bare client (api.get('/...')). src/web/lib is the client itself.

const WEB = import.meta.dirname;

/** None: even what paints before zod loads goes by its contract's early address (earlyRoute). */
const ALLOWED = new Set<string>();

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['lib', 'test', 'testing', 'locales'].includes(entry.name) && dir === WEB ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/testing/.test(full) ? [full] : [];
  });
}

describe('the web calls the server through route contracts', () => {
  it('has no hand-written API URL or bare client call outside src/web/lib', () => {
    const files = sources(WEB);
    expect(files.length).toBeGreaterThan(100);
    const found = files
      .filter((file) => !ALLOWED.has(path.relative(WEB, file)))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${path.relative(WEB, file)}:${index + 1}` }))
          .filter(({ line }) => /['"`]\/api\/|\bapi\.(get|post|put|patch|delete)\s*[<(]/.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });
});
