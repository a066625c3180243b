import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxResponseSchema } from '../../../contracts/profile';
import { mailOutbox } from '../../db/schema';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { auditOf, createAccount } from '../auth/testing';

// In demo mode an admin reads the outbox in the app (so a password reset can be
// finished without a mail server). Nobody else may, and outside demo mode nobody may.

describe('the demo mail outbox', () => {
  let t: TestApp;
  let production: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { demoMode: true } });
    production = await createTestApp({ config: { demoMode: false } });
    // Twelve messages a second apart, so "newest first" is unambiguous.
    const start = Date.now() - 60_000;
    await t.db.db.insert(mailOutbox).values(
      Array.from({ length: 12 }, (_, i) => ({
        toAddress: `person${i}@identity.test`,
        subject: `Message ${i}`,
        textBody: `Body ${i}`,
        kind: i % 2 ? 'password-reset' : 'welcome',
        createdAt: new Date(start + i * 1000),
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
    await production?.close();
  });

  async function as(app: TestApp, role: 'admin' | 'patient' | 'doctor' | 'staff'): Promise<TestAgent> {
    const account = await createAccount(app.db.db, { role });
    const agent = new TestAgent(app.app);
    await agent.signInAs(account.user.id);
    return agent;
  }

  it('shows an admin the newest mail first, a page at a time', async () => {
    const admin = await as(t, 'admin');
    const first = await admin.get('/api/admin/outbox?page=1&pageSize=5');
    expect(first.statusCode).toBe(200);
    const page = outboxResponseSchema.parse(first.json());
    expect(page).toMatchObject({ page: 1, pageSize: 5, total: 12 });
    expect(page.data.map((m) => m.subject)).toEqual(['Message 11', 'Message 10', 'Message 9', 'Message 8', 'Message 7']);
    expect(page.data[0]).toEqual({
      id: expect.any(String),
      to: 'person11@identity.test',
      subject: 'Message 11',
      text: 'Body 11',
      kind: 'password-reset',
      createdAt: expect.any(String),
      sentAt: null,
    });

    const last = outboxResponseSchema.parse((await admin.get('/api/admin/outbox?page=3&pageSize=5')).json());
    expect(last.data.map((m) => m.subject)).toEqual(['Message 1', 'Message 0']);
    const defaults = outboxResponseSchema.parse((await admin.get('/api/admin/outbox')).json());
    expect(defaults).toMatchObject({ page: 1, pageSize: 20 });
    expect(defaults.data).toHaveLength(12);
  });

  it('records each read in the audit log', async () => {
    const admin = await as(t, 'admin');
    await admin.get('/api/admin/outbox?page=2&pageSize=5');
    const events = await auditOf(t.db.db, 'outbox.read');
    expect(events.at(-1)).toMatchObject({ outcome: 'success', actorRole: 'admin', details: { page: 2, pageSize: 5, shown: 5 } });
  });

  it('refuses pages larger than 100 and nonsense paging', async () => {
    const admin = await as(t, 'admin');
    for (const query of ['pageSize=101', 'pageSize=0', 'page=0', 'page=abc']) {
      const response = await admin.get(`/api/admin/outbox?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await admin.get('/api/admin/outbox?pageSize=100')).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    for (const role of ['patient', 'doctor', 'staff'] as const) {
      const response = await (await as(t, role)).get('/api/admin/outbox');
      expect(response.statusCode, role).toBe(403);
      expect(response.body).not.toContain('Message');
    }
    expect((await new TestAgent(t.app).get('/api/admin/outbox')).statusCode).toBe(401);
    expect((await auditOf(t.db.db, 'access.denied')).length).toBeGreaterThanOrEqual(3);
  });

  it('does not exist outside demo mode, even for an admin', async () => {
    await production.db.db
      .insert(mailOutbox)
      .values({ toAddress: 'x@identity.test', subject: 'Secret', textBody: 'Body', kind: 'password-reset' });
    const response = await (await as(production, 'admin')).get('/api/admin/outbox');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    expect(response.body).not.toContain('Secret');
  });
});
