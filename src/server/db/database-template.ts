import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A first start on an empty embedded database used to spend most of its time in PostgreSQL's
// initdb and in applying every migration, the same work on every machine. The build does that
// work once (scripts/build-server.mjs) and leaves the resulting data directory next to the bundle;
// a first start copies it into DATA_DIR, then opens it like any existing database. Only the
// embedded database has one: PostgreSQL is created by whoever runs it.

/** Where the build leaves the template: next to dist/server/main.js (absent when running from src). */
export const TEMPLATE_DIR = fileURLToPath(new URL('./database-template', import.meta.url));

/** The file, next to the template, that names the PGlite version which wrote it. */
export function templateStampPath(templateDir: string): string {
  return `${templateDir}.json`;
}

export interface TemplateStamp {
  /** The @electric-sql/pglite version that created the data directory. */
  pglite: string;
}

/** The installed PGlite's version: a template written by another version is never used. */
export function installedPgliteVersion(): string {
  const wasm = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm');
  const manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(wasm), '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

function usableTemplate(templateDir: string): boolean {
  try {
    const stamp = JSON.parse(fs.readFileSync(templateStampPath(templateDir), 'utf8')) as TemplateStamp;
    return fs.existsSync(path.join(templateDir, 'PG_VERSION')) && stamp.pglite === installedPgliteVersion();
  } catch {
    return false;
  }
}

/** Where the copy is made inside DATA_DIR before its files are moved into place. */
const STAGING = '.template-copy';

/**
 * Fills an empty (or missing) `dataDir` with the template, when there is one written by the installed
 * PGlite. Returns whether it did; when it did not, PGlite creates the database itself as before.
 * A directory that holds anything else is never touched.
 */
export async function copyDatabaseTemplate(dataDir: string, templateDir = TEMPLATE_DIR): Promise<boolean> {
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.readdirSync(dataDir).some((entry) => entry !== STAGING) || !usableTemplate(templateDir)) return false;
  // The copy (tens of megabytes) goes to a staging folder first; only then are its files moved in,
  // each a rename, PG_VERSION last: PGlite takes a directory with PG_VERSION for a database, so a
  // start cut short never leaves half a database behind, only a staging folder the next start redoes.
  const staging = path.join(dataDir, STAGING);
  fs.rmSync(staging, { recursive: true, force: true });
  await copyTree(templateDir, staging);
  for (const entry of fs.readdirSync(staging)) {
    if (entry !== 'PG_VERSION') fs.renameSync(path.join(staging, entry), path.join(dataDir, entry));
  }
  fs.renameSync(path.join(staging, 'PG_VERSION'), path.join(dataDir, 'PG_VERSION'));
  fs.rmdirSync(staging);
  return true;
}

/**
 * Copies a directory tree, its folders first, then every file at once: a data directory is over a
 * thousand small files, and creating them one after another (as fs.cpSync does) waits on each
 * file's creation in turn, several times slower than letting Node's thread pool overlap them.
 */
async function copyTree(from: string, to: string): Promise<void> {
  const files: string[] = [];
  const walk = (relative: string) => {
    fs.mkdirSync(path.join(to, relative), { recursive: true });
    for (const entry of fs.readdirSync(path.join(from, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else files.push(child);
    }
  };
  walk('');
  await Promise.all(files.map((file) => fs.promises.copyFile(path.join(from, file), path.join(to, file))));
}
