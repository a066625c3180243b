import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, buildInputsNewerThanOutputs } from './build-freshness.mjs';

// `npm start` rebuilds only when it must: no build, or a source newer than the build.
describe('whether npm start builds first', () => {
  let root: string;
  const write = (file: string, at: number) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, file);
    fs.utimesSync(full, at, at);
  };
  const SOURCES_AT = 1_700_000_000;
  const BUILT_AT = SOURCES_AT + 60;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'caredeck-freshness-'));
    write('src/server/main.ts', SOURCES_AT);
    write('src/web/main.tsx', SOURCES_AT);
    write('package-lock.json', SOURCES_AT);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('builds when there is no build, or only part of one', () => {
    expect(buildInputsNewerThanOutputs(root)).toBe('no build yet');
    write('dist/server/main.js', BUILT_AT);
    expect(buildInputsNewerThanOutputs(root)).toBe('no build yet');
  });

  it('starts straight away when the build is newer than every source', () => {
    for (const output of BUILD_OUTPUTS) write(output, BUILT_AT);
    expect(buildInputsNewerThanOutputs(root)).toBeUndefined();
  });

  it('builds again after a source, the lock file or the build configuration changed', () => {
    for (const output of BUILD_OUTPUTS) write(output, BUILT_AT);
    write('src/web/features/new-page.tsx', BUILT_AT + 5);
    expect(buildInputsNewerThanOutputs(root)).toBe(`${path.join('src/web/features/new-page.tsx')} changed`);
    fs.rmSync(path.join(root, 'src/web/features/new-page.tsx'));
    write('package-lock.json', BUILT_AT + 5);
    expect(buildInputsNewerThanOutputs(root)).toBe('package-lock.json changed');
    write('package-lock.json', SOURCES_AT);
    write('vite.config.ts', BUILT_AT + 5);
    expect(buildInputsNewerThanOutputs(root)).toBe('vite.config.ts changed');
  });

  it('ignores tests, which are not part of the build', () => {
    for (const output of BUILD_OUTPUTS) write(output, BUILT_AT);
    write('src/server/main.test.ts', BUILT_AT + 5);
    write('src/web/test/setup.ts', BUILT_AT + 5);
    expect(buildInputsNewerThanOutputs(root)).toBeUndefined();
  });
});
