import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: the web client in jsdom, and contracts + server in Node. Server tests open their
// own database per file (PGlite in memory, or a fresh PostgreSQL database under TEST_DATABASE_URL).
export default defineConfig({
  test: {
    // One file at a time on a 2-core machine (Vitest's default there): the audit sealing tests
    // wait for the oldest transaction on the whole PostgreSQL server, which other files' open
    // transactions would hold back (VITEST_MAX_WORKERS raises it, on PGlite only).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 1,
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
