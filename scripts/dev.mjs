#!/usr/bin/env node
// `npm run dev`: the API server (tsx watch, restarts on change) and the Vite dev server (hot
// reload; vite.config.ts proxies /api and /ws to the API server) side by side. When either stops,
// or on Ctrl-C / SIGTERM, both are stopped.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const processes = [
  {
    name: 'server',
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'src/server/main.ts'],
    env: { NODE_ENV: 'development', PORT: process.env.PORT || '5000' },
  },
  { name: 'web', command: bin('vite'), args: [], env: {} },
];

let stopping = false;
let exitCode = 0;
const children = processes.map(({ name, command, args, env }) => {
  // Each child leads its own process group, so stopping it also stops what it spawned (tsx watch
  // runs the server in a grandchild).
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true, env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    child.exited = true;
    if (!stopping) {
      console.error(`dev: ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
      exitCode = code || 1;
      stopAll('SIGTERM');
    }
    if (children.every((c) => c.exited)) process.exit(exitCode);
  });
  child.on('error', (error) => {
    console.error(`dev: could not start ${name}: ${error.message}`);
    child.exited = true;
    exitCode = 1;
    stopAll('SIGTERM');
    if (children.every((c) => c.exited)) process.exit(exitCode);
  });
  return child;
});

function stopAll(signal) {
  stopping = true;
  for (const child of children) {
    if (child.exited || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }
  // Anything still running after a grace period is killed outright.
  setTimeout(() => {
    for (const child of children) {
      if (!child.exited && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
    process.exit(exitCode);
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(signal === 'SIGHUP' ? 'SIGTERM' : signal));
}
