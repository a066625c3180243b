import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, userSettings, webauthnChallenges, webauthnCredentials } from '../../db/schema';

export type CredentialRow = typeof webauthnCredentials.$inferSelect;
export type ChallengePurpose = 'registration' | 'authentication';

/** A credential with what sign-in needs to know about its owner. */
export interface CredentialWithOwner {
  credential: CredentialRow;
  userActive: boolean;
  /** user_settings.biometric_enabled; false when the user has no settings row yet. */
  biometricEnabled: boolean;
}

/**
 * Passkeys and their one-time challenges. Every query about someone's passkeys is scoped by the
 * owner's id, so another user's passkey is simply not found (404, DESIGN.md §6).
 */
export class BiometricRepository {
  constructor(private readonly db: Database) {}

  async listForUser(userId: string): Promise<CredentialRow[]> {
    return this.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, userId))
      .orderBy(asc(webauthnCredentials.createdAt), asc(webauthnCredentials.id));
  }

  /** Looked up by the WebAuthn credential id, before anyone is signed in. */
  async findByCredentialId(credentialId: string): Promise<CredentialWithOwner | null> {
    const [row] = await this.db
      .select({ credential: webauthnCredentials, userActive: users.isActive, biometricEnabled: userSettings.biometricEnabled })
      .from(webauthnCredentials)
      .innerJoin(users, eq(users.id, webauthnCredentials.userId))
      .leftJoin(userSettings, eq(userSettings.userId, webauthnCredentials.userId))
      .where(eq(webauthnCredentials.credentialId, credentialId));
    if (!row) return null;
    return { credential: row.credential, userActive: row.userActive, biometricEnabled: row.biometricEnabled ?? false };
  }

  async insert(values: {
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    deviceName: string | null;
  }): Promise<CredentialRow | null> {
    const [row] = await this.db.insert(webauthnCredentials).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  async setEnabled(userId: string, id: string, enabled: boolean): Promise<CredentialRow | null> {
    const [row] = await this.db
      .update(webauthnCredentials)
      .set({ enabled })
      .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
      .returning();
    return row ?? null;
  }

  async delete(userId: string, id: string): Promise<CredentialRow | null> {
    const [row] = await this.db
      .delete(webauthnCredentials)
      .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
      .returning();
    return row ?? null;
  }

  /** Marks the owner's credential as just used; null when the caller owns no such credential. */
  async touchUsage(userId: string, credentialId: string, at: Date): Promise<CredentialRow | null> {
    const [row] = await this.db
      .update(webauthnCredentials)
      .set({ lastUsedAt: at })
      .where(and(eq(webauthnCredentials.credentialId, credentialId), eq(webauthnCredentials.userId, userId)))
      .returning();
    return row ?? null;
  }

  /**
   * Stores the authenticator's new signature counter, only if it still moves forward (or both are
   * zero: authenticators that keep no counter). Done in the UPDATE itself, so two sign-ins racing
   * with the same counter cannot both pass the clone check. Returns false when it did not apply.
   */
  async advanceCounter(id: string, expectedPrevious: number, next: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(webauthnCredentials)
      .set({ counter: next, lastUsedAt: at })
      .where(
        and(
          eq(webauthnCredentials.id, id),
          eq(webauthnCredentials.counter, expectedPrevious),
          sql`(${webauthnCredentials.counter} < ${next}::bigint or (${webauthnCredentials.counter} = 0 and ${next}::bigint = 0))`,
        ),
      )
      .returning({ id: webauthnCredentials.id });
    return rows.length > 0;
  }

  async insertChallenge(values: { challenge: string; purpose: ChallengePurpose; userId: string | null; expiresAt: Date }): Promise<void> {
    await this.db.insert(webauthnChallenges).values(values);
  }

  /**
   * Takes a challenge out of the store: it is good for one ceremony only. Returns false when it is
   * unknown, already used, expired, for another purpose or bound to another user.
   */
  async consumeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null, now: Date): Promise<boolean> {
    const rows = await this.db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
          gt(webauthnChallenges.expiresAt, now),
        ),
      )
      .returning({ id: webauthnChallenges.id });
    return rows.length > 0;
  }

  /** Challenges nobody answered in time: removed so the table stays small. */
  async deleteExpiredChallenges(now: Date): Promise<void> {
    await this.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  }

  /** The id of an active account by email (the demo fallback's accounts). */
  async findActiveUserIdByEmail(email: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.isActive, true)));
    return row?.id ?? null;
  }

  async findUserIdentity(userId: string): Promise<{ email: string; firstName: string; lastName: string } | null> {
    const [row] = await this.db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }
}
