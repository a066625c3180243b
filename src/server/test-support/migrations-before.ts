import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/migrate';

/**
 * A copy of the committed migrations in `scratch` that stops just before `tag`: a database migrated
 * from it stands for one made before that migration, to test what the migration does to its rows.
 */
export function migrationsBefore(scratch: string, tag: string): string {
  const folder = fs.mkdtempSync(path.join(scratch, 'migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const file = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 1) throw new Error(`no migration before ${tag} in the journal`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(file, JSON.stringify(journal));
  return folder;
}
