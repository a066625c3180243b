import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { applyMigrations, MIGRATIONS_FOLDER, upToDate } from './migrate';

// A start on an existing database skips the migrator when the last migration it recorded is the
// last one committed, the same file; anything else is left to the migrator.

describe('the up-to-date check before migrating', () => {
  let handle: DatabaseHandle;
  let scratch: string;

  /** A copy of the committed migrations, changed by `edit`. */
  function migrationsWith(edit: (folder: string) => void): string {
    const folder = fs.mkdtempSync(path.join(scratch, 'migrations-'));
    fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    edit(folder);
    return folder;
  }

  function journalOf(folder: string): { entries: { idx: number; tag: string; when: number; version: string; breakpoints: boolean }[] } {
    return JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
  }

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-migrate-'));
    handle = await openDatabase({ dataDir: 'memory://' });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('is false on a database never migrated, true once the migrations are applied', async () => {
    expect(await upToDate(handle)).toBe(false);
    await applyMigrations(handle);
    expect(await upToDate(handle)).toBe(true);
  }, 120_000);

  it('is false when a newer migration is committed, and the migrator then applies it', async () => {
    const folder = migrationsWith((dir) => {
      const journal = journalOf(dir);
      const last = journal.entries.at(-1)!;
      journal.entries.push({ ...last, idx: last.idx + 1, tag: '9999_later', when: last.when + 1 });
      fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
      fs.writeFileSync(path.join(dir, '9999_later.sql'), 'create table later_thing (id integer primary key);');
    });
    expect(await upToDate(handle, folder)).toBe(false);
    await applyMigrations(handle, folder);
    expect(await upToDate(handle, folder)).toBe(true);
    const { rows } = await handle.query("select to_regclass('public.later_thing') as name");
    expect(rows[0]!.name).toBe('later_thing');
  }, 120_000);

  it('is false when the last migration recorded is not the committed file of that name', async () => {
    const folder = migrationsWith((dir) => {
      const last = journalOf(dir).entries.at(-1)!;
      fs.appendFileSync(path.join(dir, `${last.tag}.sql`), '\n-- changed\n');
    });
    expect(await upToDate(handle, folder)).toBe(false);
  });

  it('is false when the journal cannot be read', async () => {
    expect(await upToDate(handle, path.join(scratch, 'nowhere'))).toBe(false);
  });
});
