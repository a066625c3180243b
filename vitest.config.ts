import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: the web client in jsdom, and contracts + server in Node. Server tests open their
// own database per file (PGlite in memory, or a fresh PostgreSQL database under TEST_DATABASE_URL).
export default defineConfig({
  test: {
    // Two files at a time: each server file has its own database (a copy of a migrated template on
    // PostgreSQL), and audit sealing waits only for transactions in its own database, so files do
    // not hold one another back. Much of a file's time is spent waiting on the database, so two
    // workers gain on a 2-core machine too (VITEST_MAX_WORKERS changes it).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // Whole-page tests type and click through jsdom: on a shared 2-core machine one can take
          // several seconds. Timing is never what they assert: speed lives in bench/.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contracts/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          globalSetup: ['src/server/test-support/global-setup.ts'],
        },
      },
    ],
  },
});
