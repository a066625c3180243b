import { and, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AuditActionCode } from '../../../contracts/audit';
import { authThrottle, knownDevices, mfaRecoveryCodes, passwordResetTokens, sessions, users } from '../../db/schema';
import type { MailMessage } from '../../platform/mail';
import { insertSession, type NewSession, type SessionMeta } from '../../platform/session';
import { Repository } from '../../platform/unit-of-work';
import { storePasswordLink, type PasswordLink } from './password-links';

// Queries of the identity module, in the unit of work of the request. Every "use once" rule (a
// TOTP step, a recovery code, a reset token) is a conditional UPDATE that only one of two
// concurrent requests can win. What a request did to an account (signed in, changed a password,
// was refused) is noted on its one audit event here, never with a password or a code.

/** What sign-in needs to know about an account; never leaves the server. */
export interface Credentials {
  id: string;
  email: string;
  /** The name, so a new password built on it can be refused. */
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  isActive: boolean;
  mfaEnabled: boolean;
  mfaSecret: string | null;
  mfaPendingSecret: string | null;
  mfaLastStep: number | null;
}

const credentialColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  mfaEnabled: users.mfaEnabled,
  mfaSecret: users.mfaSecret,
  mfaPendingSecret: users.mfaPendingSecret,
  mfaLastStep: users.mfaLastStep,
};

export interface ThrottleRow {
  key: string;
  failures: number;
  windowStartedAt: Date;
  blockedUntil: Date | null;
}

/** Dates go to SQL as ISO text with an explicit cast: both drivers read it the same way. */
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export class AuthRepository extends Repository {
  // The request's audit event

  /** Something done to the user's account (password changed, second factor turned on, ...). */
  noteAccount(action: AuditActionCode, userId: string, details?: Record<string, unknown>): void {
    this.audit.note({ action, resourceType: 'user', resourceId: userId, details });
  }

  /** A refused attempt, with why; the account when one is known. */
  noteRefusal(action: AuditActionCode, reason: string, userId?: string): void {
    this.audit.note({
      action,
      outcome: 'failure',
      resourceType: userId ? 'user' : null,
      resourceId: userId ?? null,
      details: { reason },
    });
  }

  /** A message to send once the write has committed (the outbox). */
  mail(message: MailMessage): void {
    this.effects.mail(message);
  }

  /**
   * An attempt refused because the account or address is blocked: what an attacker repeats, so
   * noted once per window with a count (RequestAudit.noteRepeatable), not once per attempt.
   */
  noteBlockedAttempt(action: AuditActionCode, userId?: string): void {
    this.audit.noteRepeatable({
      action,
      outcome: 'failure',
      resourceType: userId ? 'user' : null,
      resourceId: userId ?? null,
      details: { reason: 'rate-limited' },
    });
  }

  // Sessions

  /**
   * Starts a session for `userId` (ending `replacing`, the one this browser had: no fixation) and
   * notes the sign-in under the session.
   */
  async startSession(
    userId: string,
    meta: SessionMeta,
    method: 'password',
    now: Date,
    replacing: string | null,
    inactivityTimeoutMs: number,
  ): Promise<NewSession> {
    if (replacing) await this.endSession(replacing, 'replaced by a new sign-in', now);
    const started = await insertSession(this.db, userId, meta, now, inactivityTimeoutMs);
    this.audit.note({ action: 'auth.sign-in', resourceType: 'session', resourceId: started.session.id, details: { method } });
    return started;
  }

  async endSession(sessionId: string, reason: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Signs a session out, noted under it. */
  async signOut(sessionId: string, now: Date): Promise<void> {
    await this.endSession(sessionId, 'signed out', now);
    this.audit.note({ action: 'auth.sign-out', resourceType: 'session', resourceId: sessionId });
  }

  // Known devices (browsers the user signed in from before)

  /** Whether the device with this token hash belongs to the account with this email. */
  async isKnownDevice(email: string, tokenHash: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: knownDevices.userId })
      .from(knownDevices)
      .innerJoin(users, eq(users.id, knownDevices.userId))
      .where(and(eq(knownDevices.tokenHash, tokenHash), eq(users.email, email)));
    return row !== undefined;
  }

  /** Remembers a device for the user (or notes its use again), keeping only their newest `keep`. */
  async rememberDevice(userId: string, tokenHash: string, now: Date, keep: number): Promise<void> {
    await this.db
      .insert(knownDevices)
      .values({ tokenHash, userId, createdAt: now, lastUsedAt: now })
      .onConflictDoUpdate({ target: knownDevices.tokenHash, set: { lastUsedAt: now }, where: eq(knownDevices.userId, userId) });
    await this.db.execute(sql`
      delete from ${knownDevices} where ${knownDevices.userId} = ${userId} and ${knownDevices.tokenHash} not in (
        select ${knownDevices.tokenHash} from ${knownDevices} where ${knownDevices.userId} = ${userId}
        order by ${knownDevices.lastUsedAt} desc limit ${keep})`);
  }

  // Accounts

  /** Emails are citext: the lookup ignores case. */
  async credentialsByEmail(email: string): Promise<Credentials | null> {
    const [row] = await this.db.select(credentialColumns).from(users).where(eq(users.email, email));
    return row ?? null;
  }

  async credentialsById(userId: string): Promise<Credentials | null> {
    const [row] = await this.db.select(credentialColumns).from(users).where(eq(users.id, userId));
    return row ?? null;
  }

  async setPassword(userId: string, passwordHash: string, now: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, isFirstTimeLogin: false, updatedAt: now })
      .where(eq(users.id, userId));
  }

  /** Ends the user's live sessions (optionally all but one); returns how many ended. */
  async revokeSessions(userId: string, reason: string, now: Date, exceptSessionId?: string): Promise<number> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.length;
  }

  // TOTP

  /**
   * Records that the code of `step` was used. Succeeds only when no code of this step or a later
   * one was accepted before, so a code replayed (even concurrently) is refused.
   */
  async acceptTotpStep(userId: string, step: number): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ mfaLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), sql`${users.mfaLastStep} < ${step}`)))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  async setPendingMfaSecret(userId: string, secret: string, now: Date): Promise<void> {
    await this.db.update(users).set({ mfaPendingSecret: secret, updatedAt: now }).where(eq(users.id, userId));
  }

  /** Turns MFA on with the secret being enrolled, only if it is still the pending one. */
  async enableMfa(userId: string, pendingSecret: string, step: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ mfaEnabled: true, mfaSecret: pendingSecret, mfaPendingSecret: null, mfaLastStep: step, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.mfaPendingSecret, pendingSecret), eq(users.mfaEnabled, false)))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  async disableMfa(userId: string, now: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaLastStep: null, updatedAt: now })
      .where(eq(users.id, userId));
    await this.db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  }

  // Recovery codes

  async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<void> {
    await this.db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    if (codeHashes.length > 0) await this.db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }

  /** Spends one unused recovery code; false when it is unknown or already spent. */
  async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(mfaRecoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedAt)))
      .returning({ id: mfaRecoveryCodes.id });
    // Codes of one batch are distinct (newRecoveryCodes), so at most one row matches.
    return rows.length > 0;
  }

  async unusedRecoveryCodes(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  }

  // Password reset tokens

  /** A new single-use link to the reset-password page; the user's earlier links stop working. */
  newPasswordLink(userId: string, publicUrl: string, lifetimeMs: number, now: Date): Promise<PasswordLink> {
    return storePasswordLink(this.db, publicUrl, userId, lifetimeMs, now);
  }

  /** The unused, unexpired token with this hash, with its (active) account. */
  async findUsableResetToken(tokenHash: string, now: Date): Promise<{ tokenId: string; user: Credentials } | null> {
    const [row] = await this.db
      .select({ tokenId: passwordResetTokens.id, user: credentialColumns })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
          eq(users.isActive, true),
        ),
      );
    return row ?? null;
  }

  /** Spends a reset token; false when another request spent it first or it expired meanwhile. */
  async consumeResetToken(tokenId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, tokenId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ id: passwordResetTokens.id });
    return rows.length === 1;
  }

  // Sign-in throttle (auth_throttle): shared by every instance, because it lives in the database.

  async throttleRows(keys: string[]): Promise<ThrottleRow[]> {
    if (keys.length === 0) return [];
    return this.db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
  }

  /**
   * Counts one failure for a key in one statement: a new window starts when the current one is
   * older than `windowMs`. Returns the count and the window it belongs to.
   */
  async addFailure(key: string, now: Date, windowMs: number): Promise<ThrottleRow> {
    const windowExpired = sql`${authThrottle.windowStartedAt} <= ${ts(new Date(now.getTime() - windowMs))}`;
    const [row] = await this.db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStartedAt: now, blockedUntil: null })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${windowExpired} then 1 else ${authThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${windowExpired} then ${ts(now)} else ${authThrottle.windowStartedAt} end`,
        },
      })
      .returning();
    return row!;
  }

  /** Blocks a key until `until`, never shortening a block already in place. */
  async blockUntil(key: string, until: Date): Promise<void> {
    await this.db
      .update(authThrottle)
      .set({ blockedUntil: sql`greatest(coalesce(${authThrottle.blockedUntil}, ${ts(until)}), ${ts(until)})` })
      .where(eq(authThrottle.key, key));
  }

  async clearThrottle(key: string): Promise<void> {
    await this.db.delete(authThrottle).where(eq(authThrottle.key, key));
  }
}
