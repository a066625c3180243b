#!/usr/bin/env node
// Bundles the server into dist/server/main.js. Our own code (server + contracts) is bundled;
// every npm package stays external and is loaded from node_modules at run time, so native and
// WASM packages (argon2, PGlite) work unchanged. The migrations are copied next to the bundle,
// where src/server/db/migrate.ts looks for them (`new URL('./migrations', import.meta.url)`).
// Then the embedded database a first start copies (src/server/db/database-template.ts) is made:
// created and migrated once here instead of on every first start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/server');
const migrationsSource = path.join(root, 'src/server/db/migrations');

const started = performance.now();
// Start clean so a migration deleted from src never lingers in dist.
fs.rmSync(outDir, { recursive: true, force: true });

const templateBuilder = path.join(outDir, 'build-database-template.js');
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/server/main.ts', 'build-database-template': 'src/server/db/build-database-template.ts' },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

fs.cpSync(migrationsSource, path.join(outDir, 'migrations'), { recursive: true });

// A build tool, not part of what runs: removed once it has made the template.
const template = spawnSync(process.execPath, [templateBuilder], { cwd: root, stdio: 'inherit' });
fs.rmSync(templateBuilder, { force: true });
fs.rmSync(`${templateBuilder}.map`, { force: true });
if (template.status !== 0) {
  console.error('build-server: could not make the embedded database template');
  process.exit(template.status ?? 1);
}

const size = fs.statSync(path.join(outDir, 'main.js')).size;
console.log(
  `build-server: dist/server/main.js (${(size / 1024).toFixed(0)} kB), migrations and database template in ${Math.round(performance.now() - started)} ms`,
);
