import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, MAX_FRAME_BYTES } from '../../contracts/realtime-protocol';
import { createUser, Random } from '../db/factories';
import { auditEvents, sessions, users } from '../db/schema';
import { TestAgent } from '../test-support/test-agent';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { connect, connectOk, realtimeUrl } from './realtime-test-client';

// The /ws upgrade, the frames and who receives what, with real
// `ws` clients against the real app listening on a port.

describe('realtime /ws', () => {
  let t: TestApp;
  const random = new Random(5_105);

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  async function signedInUser(): Promise<{ userId: string; token: string; agent: TestAgent }> {
    const user = await createUser(t.db.db, random, { role: 'patient' });
    const agent = new TestAgent(t.app);
    await agent.signInAs(user.id);
    return { userId: user.id, token: agent.sessionToken!, agent };
  }

  const publish = (recipients: string[], userId: string, message: string) =>
    t.app.events.publish({
      recipients,
      event: { type: 'permission_update', action: 'granted', userId, message, timestamp: new Date().toISOString() },
    });

  describe('the upgrade', () => {
    it('is refused with 401 without a session cookie, and the refusal is audited', async () => {
      const outcome = await connect(t.app, {});
      expect(outcome).toEqual({ opened: false, status: 401 });
      const denied = await t.db.db.select().from(auditEvents).where(eq(auditEvents.action, 'access.denied'));
      expect(
        denied.some((row) => row.resourceId === 'GET /ws' && (row.details as { reason?: string }).reason === 'not_authenticated'),
      ).toBe(true);
    });

    it('is refused with 401 for an unknown session token', async () => {
      expect(await connect(t.app, { token: 'x'.repeat(43) })).toEqual({ opened: false, status: 401 });
    });

    it('is refused with 403 from a foreign Origin, and without any Origin, even with a valid session', async () => {
      const { token } = await signedInUser();
      expect(await connect(t.app, { token, origin: 'https://evil.example' })).toEqual({ opened: false, status: 403 });
      expect(await connect(t.app, { token, origin: null })).toEqual({ opened: false, status: 403 });
      // The same browser from the app's own origin is let in: the refusals were about the Origin.
      const ok = await connect(t.app, { token });
      expect(ok.opened).toBe(true);
      if (ok.opened) ok.client.socket.close();
    });

    it('is refused after sign-out, and sign-out closes the open socket with 4001', async () => {
      const { token, agent } = await signedInUser();
      const client = await connectOk(t.app, token);
      expect(await client.next((f) => f.type === 'connection_established')).toMatchObject({ type: 'connection_established' });
      expect((await agent.post('/api/auth/logout')).statusCode).toBe(200);
      expect((await client.closed).code).toBe(CLOSE_CODES.sessionEnded);
      expect(await connect(t.app, { token })).toEqual({ opened: false, status: 401 });
    });

    it('refuses other paths and answers a plain GET /ws with 426', async () => {
      const { token } = await signedInUser();
      const url = realtimeUrl(t.app).replace('/ws', '/elsewhere');
      expect(await connect(t.app, { token, url })).toEqual({ opened: false, status: 404 });
      const plain = await new TestAgent(t.app).get('/ws');
      expect(plain.statusCode).toBe(401);
      const { agent } = await signedInUser();
      expect((await agent.get('/ws')).statusCode).toBe(426);
    });
  });

  describe('frames', () => {
    it('answers health_check with the same id and ping with pong; identify for oneself keeps the socket open', async () => {
      const { userId, token } = await signedInUser();
      const client = await connectOk(t.app, token);
      client.send({ type: 'identify', userId });
      client.send({ type: 'health_check', id: 'hc-42', timestamp: 1 });
      expect(await client.next((f) => f.type === 'health_check_response')).toMatchObject({ type: 'health_check_response', id: 'hc-42' });
      client.send({ type: 'ping', timestamp: 1234 });
      expect(await client.next((f) => f.type === 'pong')).toEqual({ type: 'pong', timestamp: 1234 });
      expect(client.socket.readyState).toBe(client.socket.OPEN);
      client.socket.close();
    });

    it('closes the socket with 4003 when identify names another user', async () => {
      const { token } = await signedInUser();
      const other = await signedInUser();
      const client = await connectOk(t.app, token);
      client.send({ type: 'identify', userId: other.userId });
      expect((await client.closed).code).toBe(CLOSE_CODES.identityMismatch);
    });

    it('closes only the offending socket on a malformed, an unknown or an oversized frame', async () => {
      const { token } = await signedInUser();
      const bystander = await connectOk(t.app, token);
      const cases: Array<[unknown, number]> = [
        ['{not json', CLOSE_CODES.badFrame],
        [{ type: 'subscribe', channel: 'everything' }, CLOSE_CODES.badFrame],
        [{ type: 'ping', timestamp: 1, padding: 'x'.repeat(MAX_FRAME_BYTES) }, CLOSE_CODES.tooBig],
      ];
      for (const [frame, code] of cases) {
        const client = await connectOk(t.app, token);
        client.send(frame);
        expect((await client.closed).code).toBe(code);
      }
      bystander.send({ type: 'ping', timestamp: 7 });
      expect(await bystander.next((f) => f.type === 'pong')).toEqual({ type: 'pong', timestamp: 7 });
      bystander.socket.close();
    });
  });

  describe('delivery', () => {
    it("delivers an event to every socket of its recipient and never to another user's", async () => {
      const alice = await signedInUser();
      const bob = await signedInUser();
      const aliceTabs = [await connectOk(t.app, alice.token), await connectOk(t.app, alice.token)];
      const bobTab = await connectOk(t.app, bob.token);
      await publish([alice.userId], alice.userId, 'for alice');
      for (const tab of aliceTabs) expect(await tab.next((f) => f.message === 'for alice')).toMatchObject({ type: 'permission_update' });
      // A later event for Bob arrives; Alice's never did.
      await publish([bob.userId], bob.userId, 'for bob');
      await bobTab.next((f) => f.message === 'for bob');
      expect(bobTab.frames.some((f) => (f as { message?: string }).message === 'for alice')).toBe(false);
      expect(aliceTabs[0]!.frames.some((f) => (f as { message?: string }).message === 'for bob')).toBe(false);
      for (const tab of [...aliceTabs, bobTab]) tab.socket.close();
    });

    it("delivers events of every frame length whole and in order, beside the socket's own frames", async () => {
      // The delivery writes frames it built itself (realtime-frame.ts): 7-bit, 16-bit and 64-bit
      // payload lengths, counted in UTF-8 bytes, and interleaved with frames ws writes (pong).
      const carol = await signedInUser();
      const tab = await connectOk(t.app, carol.token);
      const messages = ['short é', `médium ${'ü'.repeat(80)}`, `long 🩺 ${'x'.repeat(70_000)}`];
      for (const [i, message] of messages.entries()) {
        await publish([carol.userId], carol.userId, message);
        await tab.next((f) => f.message === message);
        tab.send({ type: 'ping', timestamp: i });
        await tab.next((f) => f.type === 'pong' && f.timestamp === i);
      }
      const received = tab.frames.filter((f) => (f as { type?: string }).type !== 'connection_established');
      expect(
        received.map((f) => (f as { message?: string; timestamp?: number }).message ?? (f as { timestamp: number }).timestamp),
      ).toEqual([messages[0], 0, messages[1], 1, messages[2], 2]);
      tab.socket.close();
    });
  });

  describe('sessions that end elsewhere', () => {
    it('closes the sockets of a deactivated user and of an expired session on the sweep', async () => {
      const deactivated = await signedInUser();
      const expired = await signedInUser();
      const staying = await signedInUser();
      const [a, b, c] = [
        await connectOk(t.app, deactivated.token),
        await connectOk(t.app, expired.token),
        await connectOk(t.app, staying.token),
      ];
      await t.db.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.userId));
      await t.db.db
        .update(sessions)
        .set({ idleExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, expired.userId));
      expect(await t.app.realtime.sweep()).toBe(2);
      expect((await a.closed).code).toBe(CLOSE_CODES.sessionEnded);
      expect((await b.closed).code).toBe(CLOSE_CODES.sessionEnded);
      c.send({ type: 'ping', timestamp: 3 });
      expect(await c.next((f) => f.type === 'pong')).toEqual({ type: 'pong', timestamp: 3 });
      c.socket.close();
    });
  });
});
