import type { AuditActionCode } from '../../../contracts/audit';
import { and, count, desc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Notification } from '../../../contracts/notifications';
import { notifications, sessions, type NewNotificationRow, type NotificationRow } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// A notification belongs to one user. Every read and change of the caller's own is scoped to the
// caller and noted on the request's audit event (never with its text: notifications may name
// patients, doctors and tests); an id that is someone else's matches nothing, like a missing one.
// Creating one for any user is for other modules' writes (`create`), which push it after commit.

export type { NotificationRow };

export interface NotificationCursor {
  createdAt: Date;
  id: string;
}

export class NotificationsRepository extends Repository {
  private get owner(): string {
    return this.work.ctx.user.userId;
  }

  /**
   * The caller's own, newest first, and their unread count; `before` is the (createdAt, id) of the
   * last row of the previous page. The cursor travels as an ISO string, which holds milliseconds
   * while the column holds microseconds: order and compare on the time cut to milliseconds, or a
   * row created within the same millisecond as the cursor's, but a few microseconds earlier, would
   * fall between two pages.
   */
  async list(limit: number, before?: NotificationCursor): Promise<{ rows: NotificationRow[]; unreadCount: number }> {
    const owner = this.owner;
    const at = sql`date_trunc('milliseconds', ${notifications.createdAt})`;
    const cursorAt = before ? sql`${before.createdAt.toISOString()}::timestamptz` : undefined;
    const rows = await this.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, owner),
          before && cursorAt ? or(sql`${at} < ${cursorAt}`, and(sql`${at} = ${cursorAt}`, lt(notifications.id, before.id))) : undefined,
        ),
      )
      .orderBy(desc(at), desc(notifications.id))
      .limit(limit);
    const [unread] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, owner), isNull(notifications.readAt)));
    this.audit.note({ action: 'notifications.list', resourceType: 'notification', resourceId: owner, details: { count: rows.length } });
    return { rows, unreadCount: unread?.n ?? 0 };
  }

  /** Reading a read one again is fine: it keeps its first read time. 404 unless it is the caller's. */
  async markRead(id: string, now: Date): Promise<void> {
    const rows = isUuid(id)
      ? await this.db
          .update(notifications)
          .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
          .where(and(eq(notifications.id, id), eq(notifications.userId, this.owner)))
          .returning({ id: notifications.id })
      : [];
    this.changedOrMissing(rows.length > 0, 'notification.read', id);
  }

  async markAllRead(now: Date): Promise<number> {
    const owner = this.owner;
    const rows = await this.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, owner), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    this.audit.note({
      action: 'notifications.read-all',
      resourceType: 'notification',
      resourceId: owner,
      details: { updated: rows.length },
    });
    return rows.length;
  }

  /** 404 unless it is the caller's. */
  async delete(id: string): Promise<void> {
    const rows = isUuid(id)
      ? await this.db
          .delete(notifications)
          .where(and(eq(notifications.id, id), eq(notifications.userId, this.owner)))
          .returning({ id: notifications.id })
      : [];
    this.changedOrMissing(rows.length > 0, 'notification.deleted', id);
  }

  /** Stores a notification for `row.userId`; `toPush` turns the stored row into the live event pushed after commit. */
  async create(row: NewNotificationRow, toPush: (row: NotificationRow) => Notification, timestamp: string): Promise<Notification> {
    const notification = toPush(await this.store(row));
    this.effects.push({ recipients: [row.userId], event: { type: 'notification', notification, timestamp } });
    return notification;
  }

  /** Stores a notification for `row.userId` without a live event of its own. */
  async store(row: NewNotificationRow): Promise<NotificationRow> {
    const [created] = await this.db.insert(notifications).values(row).returning();
    return created!;
  }

  /**
   * For new-device detection: how many other sessions the user has had (revoked and expired ones
   * too), and how many of them came from this address with this browser.
   */
  async earlierSessions(
    userId: string,
    exceptSessionId: string,
    ip: string,
    userAgent: string,
  ): Promise<{ total: number; sameDevice: number }> {
    const [row] = await this.db
      .select({
        total: count(),
        sameDevice: sql<number>`count(*) filter (where ${sessions.ip} = ${ip} and ${sessions.userAgent} = ${userAgent})`.mapWith(Number),
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)));
    return { total: row?.total ?? 0, sameDevice: row?.sameDevice ?? 0 };
  }

  private changedOrMissing(changed: boolean, action: AuditActionCode, id: string): void {
    if (changed) {
      this.audit.note({ action, resourceType: 'notification', resourceId: id });
      return;
    }
    this.audit.missed(action, 'notification', isUuid(id) ? id : null);
    throw AppError.notFound();
  }
}
