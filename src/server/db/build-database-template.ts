import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from './client';
import { installedPgliteVersion, templateStampPath, TEMPLATE_DIR, type TemplateStamp } from './database-template';
import { applyMigrations } from './migrate';

// Run by the build (scripts/build-server.mjs), from the bundle it makes of this file next to
// dist/server/main.js: creates an embedded database, applies every migration, closes it cleanly and
// leaves the data directory where a first start copies it from (database-template.ts).

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-database-template-'));
const dataDir = path.join(scratch, 'data');
try {
  const handle = await openDatabase({ dataDir });
  try {
    await applyMigrations(handle);
  } finally {
    await handle.close();
  }
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  fs.cpSync(dataDir, TEMPLATE_DIR, { recursive: true });
  const stamp: TemplateStamp = { pglite: installedPgliteVersion() };
  fs.writeFileSync(templateStampPath(TEMPLATE_DIR), `${JSON.stringify(stamp)}\n`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
