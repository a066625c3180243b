import fs from 'node:fs';
import path from 'node:path';

// Helpers for tests that read the web sources' imports as text (what loads before the first paint,
// which views load which texts): the comments stripped, a relative import resolved to its file.

/** A source file without its comments, so an import named in a comment does not count. */
export function readSource(file: string): string {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

/** The file a relative import names, trying the extensions and index files the bundler tries. */
export function resolveSource(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** `{ type A, type B }` names types only: TypeScript drops the import from the output. */
export function typesOnly(clause: string): boolean {
  if (!clause.startsWith('{')) return false;
  const names = clause
    .slice(1, -1)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}
