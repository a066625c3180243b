import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { AccessContext } from './access-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../contracts/realtime-protocol';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createUser, Random } from '../db/factories';
import { notifications } from '../db/schema';
import { NotificationsService } from '../modules/notifications/notifications.service';
import { TestAgent } from '../test-support/test-agent';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { openTestDatabase, type TestDatabaseHandle } from '../test-support/test-database';
import { RATE_LIMIT_NAMESPACE } from './rate-limit';
import { connectOk } from './realtime-test-client';
import { EVENT_CHANNEL } from './redis-event-bus';

// Two app instances (buildApp twice) sharing one database and one Redis. An event
// raised on instance A reaches a socket held by instance B, and only its recipient's. PostgreSQL
// when TEST_DATABASE_URL is set (each instance with its own connection pool), else one PGlite.

const redisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;
if (!redisUrl) {
  console.warn('redis-event-bus.test.ts: skipped, TEST_REDIS_URL is not set (CI sets it; e.g. TEST_REDIS_URL=redis://127.0.0.1:6379)');
}

describe.skipIf(!redisUrl)('two instances over Redis', () => {
  let database: TestDatabaseHandle;
  let secondHandle: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;
  const random = new Random(5_207);

  beforeAll(async () => {
    database = await openTestDatabase();
    a = await createTestApp({ handle: database, config: { redisUrl } });
    secondHandle = database.databaseUrl ? await openDatabase({ databaseUrl: database.databaseUrl, dataDir: 'memory://' }) : database;
    b = await createTestApp({ handle: secondHandle, config: { redisUrl } });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    await a.app.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (secondHandle && secondHandle !== database) await secondHandle.close();
    await database?.close();
  });

  async function signedIn(): Promise<{ userId: string; token: string; agent: TestAgent }> {
    const user = await createUser(a.db.db, random, { role: 'staff' });
    const agent = new TestAgent(a.app);
    await agent.signInAs(user.id);
    return { userId: user.id, token: agent.sessionToken!, agent };
  }

  const roleChangeOnA = (userId: string, action: 'promoted' | 'changed', message: string) =>
    a.app.events.publish({
      recipients: [userId],
      event: { type: 'role_changed', action, userId, role: 'staff', message, timestamp: new Date().toISOString() },
    });

  it('counts rate limits in Redis, so a limit holds across instances', async () => {
    // Forgot-password allows 5 a minute per address; both instances see the same counter.
    const raw = new Redis(redisUrl!);
    const stale = await raw.keys(`${RATE_LIMIT_NAMESPACE}*`);
    if (stale.length > 0) await raw.del(...stale);
    await raw.quit();
    const ask = async (app: TestApp) => {
      const agent = new TestAgent(app.app);
      return (await agent.post('/api/auth/forgot-password', { email: 'nobody@limits.test' })).statusCode;
    };
    expect([await ask(a), await ask(a), await ask(a), await ask(b), await ask(b)]).toEqual([200, 200, 200, 200, 200]);
    expect(await ask(b)).toBe(429);
    expect(await ask(a)).toBe(429);
  });

  it('uses the Redis bus when REDIS_URL is set', () => {
    expect(a.app.events.constructor.name).toBe('RedisEventBus');
    expect(b.app.events.constructor.name).toBe('RedisEventBus');
  });

  it("delivers an event raised on A to the recipient's socket on B, and to no one else", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const aliceOnB = await connectOk(b.app, alice.token);
    const bobOnB = await connectOk(b.app, bob.token);
    await aliceOnB.next((f) => f.type === 'connection_established');
    await roleChangeOnA(alice.userId, 'promoted', 'cross-instance');
    expect(await aliceOnB.next((f) => f.message === 'cross-instance')).toMatchObject({ type: 'role_changed', action: 'promoted' });
    // Bob's next event proves the earlier one had its chance to arrive, and it did not.
    await roleChangeOnA(bob.userId, 'changed', 'for bob');
    await bobOnB.next((f) => f.message === 'for bob');
    expect(bobOnB.frames.some((f) => (f as { message?: string }).message === 'cross-instance')).toBe(false);
    aliceOnB.socket.close();
    bobOnB.socket.close();
  });

  it('pushes a notification created on A to the socket on B', async () => {
    const carol = await signedIn();
    const socket = await connectOk(b.app, carol.token);
    const service = new NotificationsService(a.app.uow, { system: () => AccessContext.system(a.app.audit, a.app.db) });
    const created = await service.notify(carol.userId, {
      type: 'appointment',
      title: 'Appointment confirmed',
      message: 'See you on Monday.',
    });
    const frame = await socket.next((f) => f.type === 'notification');
    expect(frame.notification).toEqual(created);
    socket.socket.close();
  });

  it('stores one notification for a permission change made through A; the socket on B hears it with the notification stored', async () => {
    const dave = await signedIn();
    const admin = await createUser(a.db.db, random, { role: 'admin' });
    const adminAgent = new TestAgent(a.app);
    await adminAgent.signInAs(admin.id);
    const socket = await connectOk(b.app, dave.token);
    const granted = await adminAgent.post(`/api/users/${dave.userId}/permissions`, { permission: 'billing.view' });
    expect(granted.statusCode, granted.body).toBe(200);
    await socket.next((f) => f.type === 'permission_update');
    const stored = await b.db.db.select().from(notifications).where(eq(notifications.userId, dave.userId));
    expect(stored.map((row) => row.code)).toEqual(['access.permissions_changed']);
    socket.socket.close();
  });

  it('delivers an envelope with a topic only to the sockets on B that joined it', async () => {
    const erin = await signedIn();
    const joinedTab = await connectOk(b.app, erin.token);
    const otherTab = await connectOk(b.app, erin.token);
    // Joining is what a module's frame handler does for its socket; a video visit's own frame stands in.
    const joined = new Promise<void>((resolve) => {
      b.app.realtime.handle(['video_leave'], async (caller) => {
        caller.join('topic:test');
        resolve();
      });
    });
    joinedTab.send({ type: 'video_leave', appointmentId: '00000000-0000-4000-8000-000000000001' });
    await joined;
    const event = {
      type: 'patient_update' as const,
      action: 'updated' as const,
      patientId: erin.userId,
      section: 'allergies' as const,
      timestamp: new Date().toISOString(),
    };
    await a.app.events.publish({ recipients: [erin.userId], event, topic: 'topic:test' });
    await joinedTab.next((f) => f.type === 'patient_update');
    otherTab.send({ type: 'ping', timestamp: 3 });
    await otherTab.next((f) => f.type === 'pong');
    expect(otherTab.frames.some((f) => (f as { type?: string }).type === 'patient_update')).toBe(false);
    joinedTab.socket.close();
    otherTab.socket.close();
  });

  it('closes the socket on B when the session is ended through A (sweep)', async () => {
    const erin = await signedIn();
    const socket = await connectOk(b.app, erin.token);
    expect((await erin.agent.post('/api/auth/logout')).statusCode).toBe(200);
    await b.app.realtime.sweep();
    expect((await socket.closed).code).toBe(CLOSE_CODES.sessionEnded);
  });

  it('drops what is not a valid envelope and keeps delivering', async () => {
    const frank = await signedIn();
    const socket = await connectOk(b.app, frank.token);
    const raw = new Redis(redisUrl!);
    try {
      await raw.publish(EVENT_CHANNEL, '{not json');
      await raw.publish(EVENT_CHANNEL, JSON.stringify({ recipients: [frank.userId], event: { type: 'made_up', userId: frank.userId } }));
    } finally {
      await raw.quit();
    }
    await a.app.events.publish({
      recipients: [frank.userId],
      event: {
        type: 'user_permissions_changed',
        action: 'updated',
        userId: frank.userId,
        message: 'after garbage',
        timestamp: new Date().toISOString(),
      },
    });
    await socket.next((f) => f.message === 'after garbage');
    expect(socket.frames.map((f) => (f as { type: string }).type)).toEqual(['connection_established', 'user_permissions_changed']);
    socket.socket.close();
  });
});
