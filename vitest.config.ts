import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The web test files that need a module graph of their own: those that replace a module with
 * `vi.mock`, and those that say so with the line `// vitest: a module graph of its own` (a file
 * that checks what a fresh start has loaded, say).
 * Every other web file shares its worker's modules and page with the files before it, which saves
 * loading jsdom, React and the app's modules again for each file (about two thirds of the web
 * tests' time); src/web/test/setup.ts puts back what a file may leave behind.
 */
function webFilesOnTheirOwn(): string[] {
  const root = 'src/web';
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.posix.join(root, file.split(path.sep).join('/')))
    .filter((file) => /vi\.mock\(|^\/\/ vitest: a module graph of its own$/m.test(fs.readFileSync(file, 'utf8')));
}
const isolatedWebFiles = webFilesOnTheirOwn();

/** The web client's tests in jsdom: `name`, which files, and whether each file gets fresh modules. */
function webProject(name: string, files: { include: string[]; exclude?: string[] }, isolate: boolean) {
  return {
    plugins: [react()],
    test: {
      name,
      ...files,
      isolate,
      environment: 'jsdom',
      setupFiles: ['src/web/test/setup.ts'],
      // Whole-page tests type and click through jsdom: on a shared 2-core machine one can take
      // several seconds. Timing is never what they assert: speed lives in bench/.
      testTimeout: 20_000,
      // A global a test replaced (fetch, matchMedia, ...) is put back after it.
      unstubGlobals: true,
    },
  };
}

// Three projects: the web client in jsdom (the files that need modules of their own apart), and
// contracts and server in Node. Server tests open their own database per file (PGlite in memory,
// or a fresh PostgreSQL database under TEST_DATABASE_URL).
export default defineConfig({
  test: {
    // Two files at a time: each server file has its own database (a copy of a migrated template on
    // PostgreSQL), and audit sealing waits only for transactions in its own database, so files do
    // not hold one another back. Much of a file's time is spent waiting on the database, so two
    // workers gain on a 2-core machine too (VITEST_MAX_WORKERS changes it).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
    projects: [
      webProject('web', { include: ['src/web/**/*.test.{ts,tsx}'], exclude: isolatedWebFiles }, false),
      webProject('web-isolated', { include: isolatedWebFiles }, true),
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contracts/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Files share their worker's modules: each builds its own app on its own database, so
          // what a file could leave behind lives in those, not in module state. Loading the server's
          // modules again for every file was over half of this project's CPU time.
          isolate: false,
          globalSetup: ['src/server/test-support/global-setup.ts'],
        },
      },
    ],
  },
});
