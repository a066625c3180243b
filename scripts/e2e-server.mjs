#!/usr/bin/env node
// The server the end-to-end tests run against (playwright.config.ts starts it): the built app in
// demo mode on a fresh database. With TEST_DATABASE_URL set (CI, where PostgreSQL runs) that is a new
// PostgreSQL database of its own, so queries run outside the server's event loop as in production;
// otherwise the embedded database in DATA_DIR. Databases of earlier runs are dropped first.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.TEST_DATABASE_URL?.trim();
const PREFIX = 'caredeck_e2e_';

if (adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('select datname from pg_database where datname like $1', [`${PREFIX}%`]);
    for (const { datname } of rows) {
      // A run still going (its server's pid is in the name) keeps its database.
      const pid = Number(/^caredeck_e2e_(\d+)_/.exec(datname)?.[1]);
      if (!pid || isRunning(pid)) continue;
      // Only [a-z0-9_] names of our own making reach this statement, which takes no parameters.
      if (/^[a-z0-9_]+$/.test(datname)) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    const name = `${PREFIX}${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
  } finally {
    await admin.end();
  }
}

process.chdir(root);
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
