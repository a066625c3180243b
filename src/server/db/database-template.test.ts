import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { copyDatabaseTemplate, installedPgliteVersion, templateStampPath } from './database-template';
import { applyMigrations, upToDate } from './migrate';

// The build's template, made here the way scripts/build-server.mjs makes it: a migrated embedded
// database, cleanly closed, with the stamp of the PGlite that wrote it.
describe('the embedded database template a first start copies', () => {
  let scratch: string;
  let template: string;

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-template-test-'));
    template = path.join(scratch, 'template');
    const handle = await openDatabase({ dataDir: template });
    await applyMigrations(handle);
    await handle.close();
    fs.writeFileSync(templateStampPath(template), JSON.stringify({ pglite: installedPgliteVersion() }));
  });

  afterAll(() => {
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('fills a missing data directory with a database that opens with every migration applied', async () => {
    const dataDir = path.join(scratch, 'missing');
    expect(await copyDatabaseTemplate(dataDir, template)).toBe(true);
    expect(fs.readdirSync(dataDir)).not.toContain('.template-copy');
    const handle = await openDatabase({ dataDir });
    try {
      expect(await upToDate(handle)).toBe(true);
      const { rows } = await handle.query("select extname from pg_extension where extname in ('citext', 'pg_trgm', 'unaccent') order by 1");
      expect(rows.map((row) => row.extname)).toEqual(['citext', 'pg_trgm', 'unaccent']);
    } finally {
      await handle.close();
    }
  });

  it('redoes a copy that a start left in its staging folder', async () => {
    const dataDir = path.join(scratch, 'interrupted');
    fs.mkdirSync(path.join(dataDir, '.template-copy', 'base'), { recursive: true });
    expect(await copyDatabaseTemplate(dataDir, template)).toBe(true);
    expect(fs.readdirSync(dataDir).sort()).toEqual(fs.readdirSync(template).sort());
  });

  it('never touches a directory that holds anything else', async () => {
    const dataDir = path.join(scratch, 'occupied');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'mine');
    expect(await copyDatabaseTemplate(dataDir, template)).toBe(false);
    expect(fs.readdirSync(dataDir)).toEqual(['notes.txt']);
  });

  it('is not used when another PGlite version wrote it, nor when there is none', async () => {
    const stale = path.join(scratch, 'stale-template');
    fs.cpSync(template, stale, { recursive: true });
    fs.writeFileSync(templateStampPath(stale), JSON.stringify({ pglite: '0.0.1' }));
    const dataDir = path.join(scratch, 'fresh');
    expect(await copyDatabaseTemplate(dataDir, stale)).toBe(false);
    expect(await copyDatabaseTemplate(dataDir, path.join(scratch, 'no-template'))).toBe(false);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
