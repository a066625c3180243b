import { prepareTemplateDatabase } from './test-database';

// Vitest's global setup for the server tests: runs once, before any test file, in the main process.
export default async function setup(): Promise<void> {
  await prepareTemplateDatabase();
}
