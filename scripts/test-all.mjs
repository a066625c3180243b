#!/usr/bin/env node
// `npm test`: the whole suite, in the order that fails fastest: lint and typecheck (side by side:
// each is one process on one core), unit and integration tests, build, e2e against the build. Stops
// after the first group with a failing step and ends with a summary (one line per step with its
// duration, then "N passed, N failed"). The environment flows through unchanged (TEST_DATABASE_URL,
// TEST_REDIS_URL, CHROMIUM_PATH, CI, ...).
import { spawn } from 'node:child_process';

const groups = [
  [
    { name: 'lint', script: 'lint' },
    { name: 'typecheck', script: 'typecheck' },
  ],
  [{ name: 'unit + integration', script: 'test:unit' }],
  [{ name: 'build', script: 'build' }],
  [{ name: 'e2e', script: 'test:e2e' }],
];
const steps = groups.flat();

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Runs one npm script. `buffered`: its output is held and printed in one piece when it ends, so two
 * steps running side by side do not interleave their lines.
 */
function runScript(script, buffered) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: buffered ? ['inherit', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    // Ctrl-C reaches the child through the terminal's process group; we only wait for it.
    const onSignal = () => undefined;
    process.on('SIGINT', onSignal);
    const done = (code) => {
      process.off('SIGINT', onSignal);
      if (buffered) process.stdout.write(Buffer.concat(output));
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

async function runStep(step, buffered) {
  const stepStarted = performance.now();
  const code = await runScript(step.script, buffered);
  const result = { ...step, ok: code === 0, code, ms: performance.now() - stepStarted };
  if (buffered) console.log(`━━ test: ${step.name} ${result.ok ? 'passed' : 'FAILED'} (${seconds(result.ms)}) ━━`);
  return result;
}

for (const group of groups) {
  console.log(`\n━━ test: ${group.map((step) => `${step.name} (npm run ${step.script})`).join(' + ')} ━━`);
  const outcome = await Promise.all(group.map((step) => runStep(step, group.length > 1)));
  results.push(...outcome);
  if (outcome.some((result) => !result.ok)) break;
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
