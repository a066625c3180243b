import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationResponseSchema, threadResponseSchema, unreadResponseSchema } from '../../../contracts/messages';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { connectOk } from '../../platform/realtime-test-client';
import { createDoctorActor } from '../../test-support/clinical-fixtures';
import { assignCare, createActor } from '../../test-support/idor-harness';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { openTestDatabase, type TestDatabaseHandle } from '../../test-support/test-database';

// Messaging behind a load balancer: two app instances (buildApp twice) sharing one database and
// one Redis, each holding its own sockets. What a person sees must not depend on which instance
// answers: a message sent through A counts as unread through B, a read through B clears it, and
// the live frames of both reach the sockets the other instance holds. PostgreSQL when
// TEST_DATABASE_URL is set (each instance with its own connection pool), else one PGlite.

const redisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
if (!redisUrl) {
  console.warn(
    'messages-two-instances.test.ts: skipped, TEST_REDIS_URL is not set (CI sets it; e.g. TEST_REDIS_URL=redis://127.0.0.1:6379)',
  );
}

describe.skipIf(!redisUrl)('messaging over two instances sharing Redis', () => {
  let database: TestDatabaseHandle;
  let secondHandle: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase();
    a = await createTestApp({ handle: database, config: { redisUrl } });
    secondHandle = database.databaseUrl ? await openDatabase({ databaseUrl: database.databaseUrl, dataDir: 'memory://' }) : database;
    b = await createTestApp({ handle: secondHandle, config: { redisUrl } });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (secondHandle && secondHandle !== database) await secondHandle.close();
    await database?.close();
  });

  const unreadOf = async (agent: TestAgent) => unreadResponseSchema.parse((await agent.get('/api/conversations/unread')).json()).unread;

  it('counts a message sent through A as unread through B, clears it by a read through B, and delivers each frame across', async () => {
    const doctor = await createDoctorActor(a.app);
    const patientOnA = await createActor(a.app, 'patient');
    await assignCare(a.app, doctor.user.id, patientOnA.user.id);
    const patientOnB = new TestAgent(b.app);
    await patientOnB.signInAs(patientOnA.user.id);
    // The patient has a tab on each instance; the doctor's tab is on A.
    const patientSocketOnB = await connectOk(b.app, patientOnB.sessionToken!);
    const patientSocketOnA = await connectOk(a.app, patientOnA.agent.sessionToken!);
    const doctorSocketOnA = await connectOk(a.app, doctor.agent.sessionToken!);
    await Promise.all(
      [patientSocketOnB, patientSocketOnA, doctorSocketOnA].map((socket) => socket.next((f) => f.type === 'connection_established')),
    );
    expect(await unreadOf(patientOnB)).toBe(0);

    // Sent through A: the patient's socket on B hears of it, and B counts it.
    const started = await doctor.agent.post('/api/conversations', {
      recipientId: patientOnA.user.id,
      subject: 'Your test results',
      body: 'Your results are in; all normal.',
    });
    expect(started.statusCode, started.body).toBe(201);
    const conversation = conversationResponseSchema.parse(started.json()).data;
    expect(await patientSocketOnB.next((f) => f.type === 'new_message')).toMatchObject({
      conversationId: conversation.id,
      senderId: doctor.user.id,
    });
    expect(await unreadOf(patientOnB)).toBe(1);
    expect(await unreadOf(patientOnA.agent)).toBe(1);

    // Read through B: the doctor's socket on A gets the receipt, the patient's other tab on A its
    // count, and both instances answer zero.
    const read = await patientOnB.post(`/api/conversations/${conversation.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unread: 0 });
    const receipt = { type: 'message_read', conversationId: conversation.id, readerId: patientOnA.user.id };
    expect(await doctorSocketOnA.next((f) => f.type === 'message_read')).toMatchObject(receipt);
    expect(await patientSocketOnA.next((f) => f.type === 'message_read')).toMatchObject(receipt);
    expect(await unreadOf(patientOnA.agent)).toBe(0);
    expect(await unreadOf(patientOnB)).toBe(0);

    // The doctor's thread, through A, shows how far the patient read.
    const thread = threadResponseSchema.parse((await doctor.agent.get(`/api/conversations/${conversation.id}`)).json()).data;
    const patientMark = thread.conversation.participants.find((p) => p.userId === patientOnA.user.id)!;
    expect(patientMark.readUpTo).toBe(thread.messages.at(-1)!.createdAt);
    expect(patientMark.readAt).not.toBeNull();

    for (const socket of [patientSocketOnB, patientSocketOnA, doctorSocketOnA]) socket.socket.close();
  });
});
