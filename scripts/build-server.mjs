#!/usr/bin/env node
// Bundles the server into dist/server/main.js. Our own code (server + contracts) is bundled;
// every npm package stays external and is loaded from node_modules at run time, so native and
// WASM packages (argon2, PGlite) work unchanged. The migrations are copied next to the bundle,
// where src/server/db/migrate.ts looks for them (`new URL('./migrations', import.meta.url)`).
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

await build({
  absWorkingDir: root,
  entryPoints: ['src/server/main.ts'],
  outfile: path.join(outDir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

fs.cpSync(migrationsSource, path.join(outDir, 'migrations'), { recursive: true });

const size = fs.statSync(path.join(outDir, 'main.js')).size;
console.log(
  `build-server: dist/server/main.js (${(size / 1024).toFixed(0)} kB) and migrations in ${Math.round(performance.now() - started)} ms`,
);
