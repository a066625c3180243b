import { and, eq, sql } from 'drizzle-orm';
import { AccessContext } from '../../platform/access-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '../../../contracts/notifications';
import { auditEvents, notifications } from '../../db/schema';
import { connectOk } from '../../platform/realtime-test-client';
import { TestAgent } from '../../test-support/test-agent';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createAccount, login, type TestAccount } from '../auth/testing';
import { NotificationsService } from './notifications.service';

// Notifications, their calls and their error texts: only one's own notifications, created and
// pushed in one step, and the first producers.

describe('notifications', () => {
  let t: TestApp;
  let service: NotificationsService;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    service = new NotificationsService(t.app.uow, { system: () => AccessContext.system(t.app.audit, t.app.db) });
  });
  afterAll(() => t?.close());

  async function user(): Promise<{ account: TestAccount; agent: TestAgent; id: string }> {
    const account = await createAccount(t.db.db);
    const agent = new TestAgent(t.app);
    await agent.signInAs(account.user.id);
    return { account, agent, id: account.user.id };
  }

  const list = async (agent: TestAgent, query: string) => agent.get(`/api/notifications${query}`);
  const stored = (id: string) => t.db.db.select().from(notifications).where(eq(notifications.id, id));

  describe('GET /api/notifications', () => {
    it('answers 400 "User ID required" without a userId, and 401 when not signed in', async () => {
      const { agent } = await user();
      const response = await list(agent, '');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('User ID required');
      expect((await list(new TestAgent(t.app), '?userId=x')).statusCode).toBe(401);
    });

    it("answers 404 for another user's id, like an unknown one, and shows nothing of theirs", async () => {
      const owner = await user();
      const other = await user();
      await service.notify(owner.id, { type: 'lab_result', title: 'Result ready', message: 'Your HbA1c result is in.' });
      expect((await list(other.agent, `?userId=${owner.id}`)).statusCode).toBe(404);
      expect((await list(other.agent, '?userId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      const own = (await list(other.agent, `?userId=${other.id}`)).json<NotificationList>();
      expect(own.notifications).toEqual([]);
    });

    it('lists newest first, pages with a cursor, counts all unread, and audits the read', async () => {
      const { agent, id } = await user();
      const created: Notification[] = [];
      for (let i = 0; i < 3; i += 1) {
        created.push(
          await service.notify(id, { type: 'reminder', title: `Reminder ${i}`, message: 'Take your medication.', priority: 'low' }),
        );
      }
      const first = await list(agent, `?userId=${id}&limit=2`);
      expect(first.statusCode).toBe(200);
      const page1 = first.json<NotificationList>();
      expect(page1.notifications.map((n) => n.title)).toEqual(['Reminder 2', 'Reminder 1']);
      expect(page1.unreadCount).toBe(3);
      expect(page1.notifications[0]).toMatchObject({ isRead: false, priority: 'low', type: 'reminder', actionUrl: null, metadata: {} });
      const page2 = (await list(agent, `?userId=${id}&limit=2&cursor=${encodeURIComponent(page1.nextCursor!)}`)).json<NotificationList>();
      expect(page2.notifications.map((n) => n.title)).toEqual(['Reminder 0']);
      expect(page2.nextCursor).toBeNull();
      const audited = await t.db.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'notifications.list'), eq(auditEvents.actorUserId, id)));
      expect(audited).toHaveLength(2);
    });

    it('loses no notification between pages when several share one millisecond', async () => {
      const { agent, id } = await user();
      // The column keeps microseconds, the cursor milliseconds: three rows inside one millisecond.
      const times = ['2026-11-24T08:00:00.123456Z', '2026-11-24T08:00:00.123400Z', '2026-11-24T08:00:00.123300Z'];
      for (const [i, at] of times.entries()) {
        const n = await service.notify(id, { type: 'reminder', title: `Tick ${i}`, message: 'Same millisecond.' });
        await t.db.db.execute(sql`update notifications set created_at = ${at}::timestamptz where id = ${n.id}`);
      }
      const titles: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?userId=${id}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page: NotificationList = (await list(agent, query)).json<NotificationList>();
        titles.push(...page.notifications.map((n) => n.title));
        cursor = page.nextCursor;
      } while (cursor && titles.length < 10);
      expect(titles.sort()).toEqual(['Tick 0', 'Tick 1', 'Tick 2']);
    });
  });

  describe('mark read, mark all read, delete', () => {
    it("refuses someone else's notification with 404 and changes nothing", async () => {
      const owner = await user();
      const other = await user();
      const n = await service.notify(owner.id, { type: 'message', title: 'New message', message: 'Dr. Lee wrote to you.' });
      expect((await other.agent.put(`/api/notifications/${n.id}/read`)).statusCode).toBe(404);
      expect((await other.agent.delete(`/api/notifications/${n.id}`)).statusCode).toBe(404);
      expect((await other.agent.put('/api/notifications/not-a-uuid/read')).statusCode).toBe(404);
      const marked = await other.agent.put('/api/notifications/mark-all-read', { userId: owner.id });
      expect(marked.statusCode).toBe(404);
      const [row] = await stored(n.id);
      expect(row?.readAt).toBeNull();
    });

    it('answers "User ID required" to mark-all-read without a userId', async () => {
      const { agent } = await user();
      const response = await agent.put('/api/notifications/mark-all-read', {});
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('User ID required');
    });

    it('marks one read, then all, then deletes one of its owner', async () => {
      const { agent, id } = await user();
      const one = await service.notify(id, { type: 'appointment', title: 'Appointment confirmed', message: 'Monday 9:00.' });
      const two = await service.notify(id, {
        type: 'consultation',
        title: 'Consultation',
        message: 'In person.',
        metadata: { consultationType: 'in-person' },
      });
      expect((await agent.put(`/api/notifications/${one.id}/read`)).statusCode).toBe(200);
      expect((await list(agent, `?userId=${id}`)).json<NotificationList>().unreadCount).toBe(1);
      const all = await agent.put('/api/notifications/mark-all-read', { userId: id });
      expect(all.json()).toEqual({ success: true, updated: 1 });
      expect((await agent.delete(`/api/notifications/${two.id}`)).statusCode).toBe(200);
      expect(await stored(two.id)).toHaveLength(0);
      const left = (await list(agent, `?userId=${id}`)).json<NotificationList>();
      expect(left.notifications.map((n) => [n.id, n.isRead])).toEqual([[one.id, true]]);
      expect(left.unreadCount).toBe(0);
    });
  });

  describe('producers', () => {
    it('stores and pushes a notification in one step, to its owner only', async () => {
      const owner = await user();
      const other = await user();
      const ownerSocket = await connectOk(t.app, owner.agent.sessionToken!);
      const otherSocket = await connectOk(t.app, other.agent.sessionToken!);
      const created = await service.notify(owner.id, {
        type: 'lab_result',
        title: 'Result ready',
        message: 'Lipid panel.',
        priority: 'high',
      });
      const frame = await ownerSocket.next((f) => f.type === 'notification');
      expect(frame.notification).toEqual(created);
      expect(await stored(created.id)).toHaveLength(1);
      otherSocket.send({ type: 'ping', timestamp: 1 });
      await otherSocket.next((f) => f.type === 'pong');
      expect(otherSocket.frames.some((f) => (f as { type: string }).type === 'notification')).toBe(false);
      ownerSocket.socket.close();
      otherSocket.socket.close();
    });

    it('reports a sign-in from a new device, not the first sign-in nor a known device', async () => {
      const account = await createAccount(t.db.db);
      const signIn = async (ip: string, userAgent: string) => {
        const response = await new TestAgent(t.app, ip).post(
          '/api/auth/login',
          { email: account.email, password: account.password },
          { headers: { 'user-agent': userAgent } },
        );
        expect(response.statusCode).toBe(200);
      };
      const newDevice = () =>
        t.db.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, account.user.id), eq(notifications.code, 'security.new_device')));
      await signIn('10.5.0.1', 'Firefox/1');
      expect(await newDevice()).toHaveLength(0);
      await signIn('10.5.0.1', 'Firefox/1');
      expect(await newDevice()).toHaveLength(0);
      await signIn('10.5.0.2', 'Firefox/1');
      const found = await newDevice();
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ type: 'system', priority: 'high', title: 'New sign-in to your account' });
      // It leads to the security section of the settings view, a view the app has.
      expect(found[0]!.actionUrl).toBe('/profile-settings#security');
    });

    it('reports a password change', async () => {
      const account = await createAccount(t.db.db);
      const agent = new TestAgent(t.app);
      await login(agent, { email: account.email, password: account.password });
      const response = await agent.post('/api/auth/change-password', { currentPassword: account.password, newPassword: 'Another#Sturdy9' });
      expect(response.statusCode).toBe(200);
      const rows = await t.db.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, account.user.id), eq(notifications.code, 'security.password_changed')));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.actionUrl).toBe('/profile-settings#security');
    });

    it('stores a permission change with the change itself, so the list fetched on its live event holds it, and pushes no second frame', async () => {
      const staff = await createAccount(t.db.db, { role: 'staff' });
      const staffAgent = new TestAgent(t.app);
      await staffAgent.signInAs(staff.user.id);
      const admin = await createAccount(t.db.db, { role: 'admin' });
      const adminAgent = new TestAgent(t.app);
      await adminAgent.signInAs(admin.user.id);
      const socket = await connectOk(t.app, staffAgent.sessionToken!);

      const granted = await adminAgent.post(`/api/users/${staff.user.id}/permissions`, { permission: 'billing.view' });
      expect(granted.statusCode).toBe(200);
      await socket.next((f) => f.type === 'permission_update');
      // What the bell asks for on that frame: the notification is there already, not a moment later.
      const heard = (await list(staffAgent, `?userId=${staff.user.id}`)).json<NotificationList>();
      expect(heard.notifications.map((n) => n.code)).toEqual(['access.permissions_changed']);
      expect(heard.unreadCount).toBe(1);
      // Written by the grant's own transaction: it cannot exist without the grant, nor lag behind it.
      const writers = await t.db.db.execute<{ xmin: string }>(sql`
        select n.xmin::text as xmin from notifications n where n.user_id = ${staff.user.id}
        union all
        select up.xmin::text from user_permissions up where up.user_id = ${staff.user.id}`);
      const transactions = new Set((writers as unknown as { rows: { xmin: string }[] }).rows.map((row) => row.xmin));
      expect(transactions.size).toBe(1);

      const revoked = await adminAgent.delete(`/api/users/${staff.user.id}/permissions/billing.view`);
      expect(revoked.statusCode).toBe(200);
      await socket.next((f) => f.type === 'permission_update' && (f as { action?: string }).action === 'revoked');
      expect((await list(staffAgent, `?userId=${staff.user.id}`)).json<NotificationList>().unreadCount).toBe(2);

      socket.send({ type: 'ping', timestamp: 2 });
      await socket.next((f) => f.type === 'pong');
      expect(socket.frames.some((f) => (f as { type: string }).type === 'notification')).toBe(false);
      socket.socket.close();
    });

    it('stores nothing when the change is refused', async () => {
      const staff = await createAccount(t.db.db, { role: 'staff' });
      const patient = await user();
      const refused = await patient.agent.post(`/api/users/${staff.user.id}/permissions`, { permission: 'billing.view' });
      expect([403, 404]).toContain(refused.statusCode);
      const rows = await t.db.db.select().from(notifications).where(eq(notifications.userId, staff.user.id));
      expect(rows).toEqual([]);
    });
  });
});
