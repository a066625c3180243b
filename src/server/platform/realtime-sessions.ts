import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';

/**
 * Which of these sessions are still live: not revoked (sign-out, password change, admin action),
 * not past the idle or absolute expiry, and of an active user. The same conditions as
 * SessionStore.find, asked for many sessions at once by the realtime sweep.
 */
export async function liveSessionIds(db: Database, ids: readonly string[], now: Date = new Date()): Promise<Set<string>> {
  const live = new Set<string>();
  // Chunks keep the parameter list well under PostgreSQL's limit with 10,000+ open sockets.
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.id, ids.slice(i, i + 1000)),
          isNull(sessions.revokedAt),
          gt(sessions.idleExpiresAt, now),
          gt(sessions.absoluteExpiresAt, now),
          eq(users.isActive, true),
        ),
      );
    for (const row of rows) live.add(row.id);
  }
  return live;
}
