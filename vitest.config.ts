import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: the web client in jsdom, and contracts + server in Node. Server tests open their
// own database per file (PGlite in memory, or a fresh PostgreSQL database under TEST_DATABASE_URL).
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is a single worker. Server tests spend much of their time
    // waiting on PostgreSQL (another process) and argon2, so three files at a time keep both cores
    // busy; every file has a database of its own, so they cannot see each other's rows.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 3,
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
        },
      },
    ],
  },
});
