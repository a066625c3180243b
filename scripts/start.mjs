#!/usr/bin/env node
// `npm start`: builds only when the build is missing or older than what it is built from, then runs
// the server in this process (one Node start-up, not two). A restart on an unchanged checkout goes
// straight to the server; after `git pull` or an edit, the next start rebuilds first.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildInputsNewerThanOutputs } from './build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const stale = buildInputsNewerThanOutputs(root);
if (stale) {
  console.log(`start: building first (${stale})`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('start: the build failed; fix the error above and run `npm start` again');
    process.exit(build.status ?? 1);
  }
}

process.chdir(root);
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
