import { and, count, desc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications, sessions, users, type NewNotificationRow, type NotificationRow } from '../../db/schema';

// Every query is scoped to the owner: an id that is someone else's matches nothing, like a missing one.
export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Newest first; `before` is the (createdAt, id) of the last row of the previous page. The cursor
   * travels as an ISO string, which holds milliseconds while the column holds microseconds: order and
   * compare on the time cut to milliseconds, or a row created within the same millisecond as the
   * cursor's, but a few microseconds earlier, would fall between two pages.
   */
  async list(userId: string, limit: number, before?: { createdAt: Date; id: string }): Promise<NotificationRow[]> {
    const at = sql`date_trunc('milliseconds', ${notifications.createdAt})`;
    const cursorAt = before ? sql`${before.createdAt.toISOString()}::timestamptz` : undefined;
    return this.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          before && cursorAt ? or(sql`${at} < ${cursorAt}`, and(sql`${at} = ${cursorAt}`, lt(notifications.id, before.id))) : undefined,
        ),
      )
      .orderBy(desc(at), desc(notifications.id))
      .limit(limit);
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  async insert(row: NewNotificationRow): Promise<NotificationRow> {
    const [created] = await this.db.insert(notifications).values(row).returning();
    return created!;
  }

  /**
   * Inserts unless a notification with the same source key exists for the user, or the user does
   * not exist here (an event from another deployment sharing the bus). Null when nothing was stored.
   */
  async insertOnce(row: NewNotificationRow & { sourceKey: string }): Promise<NotificationRow | null> {
    const [owner] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, row.userId));
    if (!owner) return null;
    const [created] = await this.db.insert(notifications).values(row).onConflictDoNothing().returning();
    return created ?? null;
  }

  async markRead(userId: string, id: string, now: Date): Promise<boolean> {
    // Reading a read one again is fine: it keeps its first read time.
    const rows = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  async markAllRead(userId: string, now: Date): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return rows.length > 0;
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
}
