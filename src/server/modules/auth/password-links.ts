import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';
import { hashToken, randomToken } from '../../platform/tokens';

// The single-use link to the reset-password page: for a forgotten password (30 minutes) and for an
// invitation to an account an admin created (72 hours). A new link retires the user's earlier ones.
// Only the token's hash is stored; the token travels in the link's fragment, which browsers never
// send to a server (no logs, no Referer).

/** A reset link works for 30 minutes. */
export const RESET_TOKEN_LIFETIME_MS = 30 * 60 * 1000;
/**
 * An invitation (an account an admin created) is the same single-use link on the reset-password
 * page, but works for 72 hours: a new colleague may not read mail the day it is sent.
 */
export const INVITATION_TOKEN_LIFETIME_MS = 72 * 60 * 60 * 1000;

export interface PasswordLink {
  link: string;
  expiresAt: Date;
}

/**
 * Stores a new link for `userId` on `db` (the caller's transaction), retiring the earlier ones.
 * The auth repository stores links through this too.
 */
export async function storePasswordLink(
  db: Database,
  publicUrl: string,
  userId: string,
  lifetimeMs: number,
  now: Date,
): Promise<PasswordLink> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values({ userId, tokenHash: hashToken(token), createdAt: now, expiresAt });
  return { link: `${publicUrl}/reset-password#token=${token}`, expiresAt };
}
