#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest: lint, typecheck, unit and
// integration tests, build, e2e against the build. Stops at the first failing step and ends with a
// summary (one line per step with its duration, then "N passed, N failed"). The environment flows
// through unchanged (TEST_DATABASE_URL, TEST_REDIS_URL, CHROMIUM_PATH, CI, ...).
import { spawn } from 'node:child_process';

const steps = [
  { name: 'lint', script: 'lint' },
  { name: 'typecheck', script: 'typecheck' },
  { name: 'unit + integration', script: 'test:unit' },
  { name: 'build', script: 'build' },
  { name: 'e2e', script: 'test:e2e' },
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function runScript(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: 'inherit', env: process.env });
    // Ctrl-C reaches the child through the terminal's process group; we only wait for it.
    const onSignal = () => undefined;
    process.on('SIGINT', onSignal);
    const done = (code) => {
      process.off('SIGINT', onSignal);
      resolve(code);
    };
    child.on('error', (error) => {
      console.error(`test: could not run npm run ${script}: ${error.message}`);
      done(1);
    });
    child.on('exit', (code, signal) => done(signal ? 1 : (code ?? 1)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const results = [];
const started = performance.now();

for (const step of steps) {
  console.log(`\n━━ test: ${step.name} (npm run ${step.script}) ━━`);
  const stepStarted = performance.now();
  const code = await runScript(step.script);
  results.push({ ...step, ok: code === 0, code, ms: performance.now() - stepStarted });
  if (code !== 0) break;
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
const width = Math.max(...steps.map((s) => s.name.length));
console.log('\n━━ test: summary ━━');
for (const step of steps) {
  const result = results.find((r) => r.name === step.name);
  const status = !result ? 'skipped' : result.ok ? 'passed ' : `FAILED (exit ${result.code})`;
  console.log(`  ${step.name.padEnd(width)}  ${status}${result ? `  ${seconds(result.ms)}` : ''}`);
}
console.log(`total ${seconds(performance.now() - started)}`);
const notRun = steps.length - results.length;
console.log(`${passed} passed, ${failed} failed${notRun > 0 ? `, ${notRun} not run` : ''}`);
process.exit(failed === 0 ? 0 : 1);
