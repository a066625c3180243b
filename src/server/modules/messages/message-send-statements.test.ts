import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationResponseSchema } from '../../../contracts/messages';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor, type Actor } from '../../test-support/idor-harness';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabaseUrl } from '../../test-support/test-database';

// Sending a message is the busiest write there is, and every statement in its transaction is a
// round trip that keeps a connection and the conversation's rows held. This counts them, so a
// change that adds one is a choice, not an accident. What a send does is tested in messages.test.ts.
// PGlite has no connections to watch: PostgreSQL only.
describe.skipIf(!testDatabaseUrl())('the statements of a send (PostgreSQL only)', () => {
  const clientQuery = pg.Client.prototype.query;
  const statements: string[] = [];
  let t: TestApp;
  let patient: Actor;
  let doctor: Actor;

  beforeAll(async () => {
    // Before the app opens its pool, so every connection it makes is watched.
    pg.Client.prototype.query = function watched(this: pg.Client, ...args: unknown[]) {
      const query = args[0] as string | { text?: string };
      statements.push(typeof query === 'string' ? query : (query.text ?? ''));
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof clientQuery;
    t = await createTestApp();
    await t.app.ready();
    patient = await createActor(t.app, 'patient');
    doctor = await createDoctorActor(t.app);
    await assignCare(t.app, doctor.user.id, patient.user.id);
  });

  afterAll(async () => {
    pg.Client.prototype.query = clientQuery;
    await t?.close();
  });

  it('runs three statements in its transaction: the participation, the message with what it changes and whom it goes to, the audit event with the pushes', async () => {
    const started = await patient.agent.post('/api/conversations', { recipientId: doctor.user.id, subject: 'Counting', body: 'First' });
    expect(started.statusCode, started.body).toBe(201);
    const conversationId = conversationResponseSchema.parse(started.json()).data.id;
    // The start's pushes are sent and removed before counting.
    await t.app.outbox.stop();
    statements.length = 0;
    const sent = await patient.agent.post(`/api/conversations/${conversationId}/messages`, { body: 'Second' });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.app.outbox.stop();
    const begin = statements.indexOf('begin');
    const commit = statements.indexOf('commit');
    expect(begin).toBeGreaterThanOrEqual(0);
    const inTransaction = statements.slice(begin + 1, commit);
    expect(inTransaction).toEqual([
      expect.stringMatching(/^select "conversations"\."id"/),
      expect.stringMatching(/^with "stored" as \(insert into "messages"/),
      expect.stringMatching(/^with "alongside" as \(insert into audit_e/),
    ]);
    // After the commit: only the removal of the sent events.
    expect(statements.slice(commit + 1)).toEqual([expect.stringMatching(/^delete from "event_outbox"/)]);
  });
});
