#!/usr/bin/env node
// Makes sure the browser for the e2e tests is there: Debian's Chromium (docs/architecture.md, Tests),
// never a browser downloaded by `playwright install`. Installs it with apt-get when we can (root + apt-get); otherwise prints one
// line saying how, instead of letting Playwright fail obscurely later.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const HOW = 'e2e tests need Chromium: run `sudo apt-get install chromium` (Debian) or set CHROMIUM_PATH';

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

const fail = (message) => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

const configured = process.env.CHROMIUM_PATH;
if (configured) {
  if (isExecutable(configured)) process.exit(0);
  fail(`CHROMIUM_PATH=${configured} is not an executable file. ${HOW}`);
}
if (isExecutable(DEFAULT_PATH)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasAptGet) fail(HOW);

const run = (args) => {
  console.log(`ensure-browser: ${args.join(' ')}`);
  const result = spawnSync(args[0], args.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) fail(`ensure-browser: \`${args.join(' ')}\` failed (exit ${result.status ?? result.signal}). ${HOW}`);
};

console.log(`ensure-browser: ${DEFAULT_PATH} is missing; installing Debian's chromium package`);
run(['apt-get', 'update']);
run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium']);

if (!isExecutable(DEFAULT_PATH)) fail(`ensure-browser: apt-get finished but ${DEFAULT_PATH} is still missing. ${HOW}`);
const version = spawnSync(DEFAULT_PATH, ['--version'], { encoding: 'utf8' });
if (version.status !== 0) fail(`ensure-browser: ${DEFAULT_PATH} --version failed: ${(version.stderr || '').trim()}. ${HOW}`);
console.log(`ensure-browser: installed ${version.stdout.trim()}`);
