import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { openTestDatabase, type TestDatabaseHandle } from '../../test-support/test-database';

describe('health checks for load balancers', () => {
  let database: TestDatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    // A handle this file owns, so it can pull the database away from under the running app.
    database = await openTestDatabase();
    t = await createTestApp({ handle: database });
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('/healthz says the process answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is 200 while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'up' });
  });

  describe('when the database goes away', () => {
    beforeAll(async () => {
      await database.close();
    });

    it('/readyz is 503 so traffic goes elsewhere', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
    });

    it('/healthz still says the process answers (it is not restarted for a database outage)', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });
  });
});
