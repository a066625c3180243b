import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ShareLinkScope } from '../../../contracts/share-links';
import type { Database } from '../../db/client';
import { shareLinks, users } from '../../db/schema';

// A patient's share links. Every owner-side query names the owner, so another patient's link id
// matches nothing (404 like a missing one).

export class ShareLinksRepository {
  constructor(private readonly db: Database) {}

  async insert(values: { patientId: string; scope: ShareLinkScope; tokenHash: string; expiresAt: Date }) {
    const [row] = await this.db.insert(shareLinks).values(values).returning();
    return row!;
  }

  /** The owner's links still usable at `now`, newest first. */
  async activeFor(patientId: string, now: Date) {
    return this.db
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.patientId, patientId), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)))
      .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  }

  /** Revokes the owner's link; false when it is not theirs, missing or already revoked. */
  async revoke(patientId: string, id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(shareLinks)
      .set({ revokedAt: now })
      .where(and(eq(shareLinks.id, id), eq(shareLinks.patientId, patientId), isNull(shareLinks.revokedAt)))
      .returning({ id: shareLinks.id });
    return rows.length > 0;
  }

  /** The link a token hash names, with the owner's first name; whatever its state. */
  async byTokenHash(tokenHash: string) {
    const [row] = await this.db
      .select({
        id: shareLinks.id,
        patientId: shareLinks.patientId,
        scope: shareLinks.scope,
        expiresAt: shareLinks.expiresAt,
        revokedAt: shareLinks.revokedAt,
        firstName: users.firstName,
        isActive: users.isActive,
      })
      .from(shareLinks)
      .innerJoin(users, eq(users.id, shareLinks.patientId))
      .where(eq(shareLinks.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  async countOpening(id: string, now: Date): Promise<void> {
    await this.db
      .update(shareLinks)
      .set({ openCount: sql`${shareLinks.openCount} + 1`, lastOpenedAt: now })
      .where(eq(shareLinks.id, id));
  }
}
