import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; the app applies them itself at start
// (drizzle-kit's own migrate fails silently with PGlite, DESIGN.md §3).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
