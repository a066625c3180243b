import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ShareLinkScope } from '../../../contracts/share-links';
import { shareLinks, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// A patient's share links. Every owner-side query names the caller as the owner, so another
// patient's link id matches nothing (404 like a missing one, naming nobody). Each step is noted on
// the request's audit event under the patient.

export class ShareLinksRepository extends Repository {
  private get owner(): string {
    return this.scope.actor.userId;
  }

  async create(values: { scope: ShareLinkScope; tokenHash: string; expiresAt: Date }, expiresInHours: number) {
    const [row] = await this.db
      .insert(shareLinks)
      .values({ ...values, patientId: this.owner })
      .returning();
    this.audit.note({
      action: 'share-link.create',
      resourceType: 'share_link',
      resourceId: row!.id,
      patients: [this.owner],
      details: { scope: values.scope, expiresInHours },
    });
    return row!;
  }

  /** The caller's links still usable at `now`, newest first. */
  async active(now: Date) {
    const rows = await this.db
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.patientId, this.owner), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)))
      .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
    this.audit.read('share-link.list', 'share_link', null, [this.owner], { count: rows.length });
    return rows;
  }

  /** Revokes the caller's link; 404 when it is not theirs, missing or already revoked. */
  async revoke(id: string, now: Date): Promise<void> {
    const rows = isUuid(id)
      ? await this.db
          .update(shareLinks)
          .set({ revokedAt: now })
          .where(and(eq(shareLinks.id, id), eq(shareLinks.patientId, this.owner), isNull(shareLinks.revokedAt)))
          .returning({ id: shareLinks.id })
      : [];
    if (rows.length === 0) {
      // Someone else's link and a missing one look the same: no patient named.
      this.audit.note({
        action: 'share-link.revoke',
        outcome: 'failure',
        resourceType: 'share_link',
        resourceId: id,
        details: { reason: 'not-found' },
      });
      throw AppError.notFound();
    }
    this.audit.note({ action: 'share-link.revoke', resourceType: 'share_link', resourceId: id, patients: [this.owner] });
  }

  /**
   * The usable link a token hash names, with the owner's first name, and the opening counted; the
   * same 404 for a link that is unknown, revoked, expired or whose owner is inactive.
   */
  async open(tokenHash: string | null, now: Date) {
    const [link] = tokenHash
      ? await this.db
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
          .limit(1)
      : [];
    const reason = !link ? 'unknown' : link.revokedAt ? 'revoked' : link.expiresAt <= now ? 'expired' : !link.isActive ? 'inactive' : null;
    if (!link || reason) {
      this.audit.note({
        action: 'medication.shared-view',
        outcome: 'failure',
        resourceType: 'share_link',
        resourceId: link?.id ?? null,
        details: { reason },
      });
      throw AppError.notFound('This link is not available.');
    }
    await this.db
      .update(shareLinks)
      .set({ openCount: sql`${shareLinks.openCount} + 1`, lastOpenedAt: now })
      .where(eq(shareLinks.id, link.id));
    return link;
  }

  /** What an opening showed, under the patient whose link it is. */
  opened(link: { id: string; patientId: string; scope: string }, count: number): void {
    this.audit.read('medication.shared-view', 'share_link', link.id, [link.patientId], { scope: link.scope, count });
  }
}
