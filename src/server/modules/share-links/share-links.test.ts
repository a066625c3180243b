import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogResponseSchema } from '../../../contracts/audit';
import { createdShareLinkSchema, shareLinkListResponseSchema, type CreatedShareLink } from '../../../contracts/share-links';
import { sharedMedicationSchema } from '../../../contracts/shared-medication';
import { auditEvents, medications, shareLinks } from '../../db/schema';
import { createDoctorActor, giveHistory } from '../../test-support/clinical-fixtures';
import { createActor, probeIdor, type Actor } from '../../test-support/idor-harness';
import { captureLogs, type LogCapture } from '../../test-support/log-capture';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Share links for the medication list, the public page behind them, and the
// patient's record of every opening.

let t: TestApp;
let logs: LogCapture;
let webRoot: string;
let patient: Actor;
let otherPatient: Actor;
let doctor: Actor;
let visitor: TestAgent;

beforeAll(async () => {
  webRoot = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'caredeck-share-'));
  await fs.promises.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  logs = captureLogs();
  t = await createTestApp({ config: { webRoot, logLevel: 'debug', publicUrl: 'https://care.example.org' }, logStream: logs.stream });
  await t.app.ready();
  patient = await createActor(t.app, 'patient');
  otherPatient = await createActor(t.app, 'patient');
  doctor = await createDoctorActor(t.app);
  await giveHistory(t.app, patient.user.id, [doctor.user.id]);
  visitor = new TestAgent(t.app, '203.0.113.9');
});

afterAll(async () => {
  await t.close();
  await fs.promises.rm(webRoot, { recursive: true, force: true });
});

async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

async function eventsSince(since: number) {
  return t.app.db.select().from(auditEvents).where(gt(auditEvents.id, since));
}

async function createLink(owner: Actor = patient, expiresInHours = 24): Promise<CreatedShareLink & { token: string }> {
  const response = await owner.agent.post('/api/share-links', { scope: 'medications', expiresInHours });
  expect(response.statusCode).toBe(201);
  const created = createdShareLinkSchema.parse(response.json());
  return { ...created, token: created.url.split('/').pop()! };
}

const sharedPath = (token: string) => `/api/shared/medication/${token}`;

describe('POST /api/share-links', () => {
  it('creates a link with 256 random bits, stores only their hash, and audits the creation under the patient', async () => {
    const since = await lastAuditId();
    const before = Date.now();
    const created = await createLink(patient, 24);
    expect(created.url).toMatch(/^https:\/\/care\.example\.org\/shared\/medication\/[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.token, 'base64url')).toHaveLength(32);
    const expires = new Date(created.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);

    const [row] = await t.app.db.select().from(shareLinks).where(eq(shareLinks.id, created.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token);
    // The whole row as text: the token is in no column.
    const [found] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shareLinks)
      .where(sql`share_links::text like ${`%${created.token}%`}`);
    expect(found!.n).toBe(0);

    const events = await eventsSince(since);
    expect(events).toEqual([
      expect.objectContaining({
        action: 'share-link.create',
        outcome: 'success',
        actorUserId: patient.user.id,
        patientId: patient.user.id,
        resourceId: created.id,
      }),
    ]);
    expect(JSON.stringify(events)).not.toContain(created.token);
  });

  it('accepts only the fixed lifetimes and scopes, and only patients', async () => {
    const [{ n: before }] = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(shareLinks)) as [{ n: number }];
    for (const body of [
      { scope: 'medications', expiresInHours: 5 },
      { scope: 'medications', expiresInHours: '24' },
      { scope: 'records', expiresInHours: 24 },
      { scope: 'medications' },
      { scope: 'medications', expiresInHours: 24, patientId: otherPatient.user.id },
    ]) {
      const response = await patient.agent.post('/api/share-links', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await doctor.agent.post('/api/share-links', { scope: 'medications', expiresInHours: 1 })).statusCode).toBe(403);
    expect((await visitor.post('/api/share-links', { scope: 'medications', expiresInHours: 1 })).statusCode).toBe(401);
    const [{ n: after }] = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(shareLinks)) as [{ n: number }];
    expect(after).toBe(before);
  });
});

describe('GET /api/shared/medication/{token}', () => {
  it('shows the current medications, the first name and the date, counts the opening and audits it under the patient', async () => {
    const link = await createLink(patient, 1);
    const since = await lastAuditId();
    const response = await visitor.get(sharedPath(link.token));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'generatedAt', 'medications', 'patientFirstName']);
    const shared = sharedMedicationSchema.parse(body);
    expect(shared.patientFirstName).toBe(patient.user.firstName);
    // (The prescriber's name is shown; a last name they happen to share with the patient is theirs.)
    // As a word: a short surname ("Li") is also part of many a medication's or person's name.
    const asWord = new RegExp(`\\b${patient.user.lastName}\\b`);
    if (patient.user.lastName !== doctor.user.lastName) expect(response.body).not.toMatch(asWord);
    expect(response.body).not.toContain(patient.user.email);
    const active = await t.app.db
      .select({ name: medications.name })
      .from(medications)
      .where(and(eq(medications.patientId, patient.user.id), eq(medications.status, 'active')));
    expect(active.length).toBeGreaterThan(0);
    expect(shared.medications.map((m) => m.name).sort()).toEqual(active.map((m) => m.name).sort());

    const events = await eventsSince(since);
    expect(events).toEqual([
      expect.objectContaining({
        action: 'medication.shared-view',
        outcome: 'success',
        actorUserId: null,
        actorRole: null,
        patientId: patient.user.id,
        resourceType: 'share_link',
        resourceId: link.id,
      }),
    ]);

    await visitor.get(sharedPath(link.token));
    const { data } = shareLinkListResponseSchema.parse((await patient.agent.get('/api/share-links')).json());
    const listed = data.find((l) => l.id === link.id)!;
    expect(listed.openCount).toBe(2);
    expect(listed.lastOpenedAt).not.toBeNull();

    const log = accessLogResponseSchema.parse((await patient.agent.get('/api/me/access-log')).json());
    expect(log.data.filter((e) => e.action === 'medication.shared-view')).toHaveLength(2);
  });

  it('answers the same 404 for unknown, malformed, expired and revoked links, with the private headers', async () => {
    const unknown = await visitor.get(sharedPath('A'.repeat(43)));
    expect(unknown.statusCode).toBe(404);
    const malformed = await visitor.get(sharedPath('not-a-token'));

    const expiring = await createLink(patient, 1);
    expect((await visitor.get(sharedPath(expiring.token))).statusCode).toBe(200);
    await t.app.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, expiring.id));
    const expired = await visitor.get(sharedPath(expiring.token));

    const revoking = await createLink(patient, 168);
    const since = await lastAuditId();
    expect((await patient.agent.delete(`/api/share-links/${revoking.id}`)).statusCode).toBe(204);
    expect(await eventsSince(since)).toEqual([
      expect.objectContaining({ action: 'share-link.revoke', outcome: 'success', patientId: patient.user.id, resourceId: revoking.id }),
    ]);
    const revoked = await visitor.get(sharedPath(revoking.token));

    for (const [label, response] of Object.entries({ malformed, expired, revoked })) {
      expect(response.statusCode, label).toBe(404);
      expect(response.body, label).toBe(unknown.body);
      expect(response.headers['cache-control'], label).toBe('no-store');
      expect(response.headers['referrer-policy'], label).toBe('no-referrer');
    }
    const { data } = shareLinkListResponseSchema.parse((await patient.agent.get('/api/share-links')).json());
    expect(data.map((l) => l.id)).not.toContain(expiring.id);
    expect(data.map((l) => l.id)).not.toContain(revoking.id);
  });

  it('limits how often one address may try links', async () => {
    const guesser = new TestAgent(t.app, '198.51.100.77');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await guesser.get(sharedPath('B'.repeat(43)))).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not held back by it.
    expect((await visitor.get(sharedPath('B'.repeat(43)))).statusCode).toBe(404);
  });

  it('serves the SPA page of a link uncached and without a referrer, and never logs the token', async () => {
    const link = await createLink(patient, 1);
    const page = await visitor.get(`/shared/medication/${link.token}`, { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    await visitor.get(sharedPath(link.token));
    const text = logs.lines().join('\n');
    expect(text).toContain('/api/shared/medication/[token]');
    expect(text).not.toContain(link.token);
  });
});

describe('GET and DELETE /api/share-links', () => {
  it('lists only the caller’s active links, never their token', async () => {
    const mine = await createLink(patient, 24);
    const theirs = await createLink(otherPatient, 24);
    const response = await patient.agent.get('/api/share-links');
    expect(response.statusCode).toBe(200);
    const { data } = shareLinkListResponseSchema.parse(response.json());
    expect(data.map((l) => l.id)).toContain(mine.id);
    expect(data.map((l) => l.id)).not.toContain(theirs.id);
    expect(response.body).not.toContain(mine.token);
    expect((await doctor.agent.get('/api/share-links')).statusCode).toBe(403);
  });

  it('another patient’s link answers 404 like a missing one and stays usable (IDOR harness)', async () => {
    const { outcomes, before, after } = await probeIdor(
      {
        name: 'share link',
        paths: ['/api/share-links/:id'],
        body: { scope: 'medications', expiresInHours: 24 },
        create: async (owner) => createLink(owner, 24),
        snapshot: async (record) => t.app.db.select().from(shareLinks).where(eq(shareLinks.id, record.id)),
        secrets: (record, owner) => [record.token, owner.user.firstName, owner.user.lastName],
      },
      patient,
      otherPatient,
    );
    for (const outcome of outcomes) {
      expect([403, 404], `${outcome.method} ${outcome.url}`).toContain(outcome.status);
      expect(outcome.leaked).toEqual([]);
    }
    expect(outcomes.find((o) => o.method === 'DELETE')!.status).toBe(404);
    expect(after).toEqual(before);
    const missing = await otherPatient.agent.delete('/api/share-links/00000000-0000-4000-8000-000000000000');
    const foreign = outcomes.find((o) => o.method === 'DELETE')!;
    expect(missing.statusCode).toBe(foreign.status);
  });
});
