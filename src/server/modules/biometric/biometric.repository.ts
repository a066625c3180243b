import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AuditActionCode } from '../../../contracts/audit';
import { users, userSettings, webauthnChallenges, webauthnCredentials } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

export type CredentialRow = typeof webauthnCredentials.$inferSelect;
export type ChallengePurpose = 'registration' | 'authentication';

/** A credential with what sign-in needs to know about its owner. */
export interface CredentialWithOwner {
  credential: CredentialRow;
  userActive: boolean;
  /** user_settings.biometric_enabled; false when the user has no settings row yet. */
  biometricEnabled: boolean;
}

/** A ceremony that did not succeed: the answer's code and text, after its write has committed. */
export interface Refusal {
  ok: false;
  code: 'BAD_REQUEST' | 'CONFLICT' | 'INVALID_CREDENTIALS' | 'PASSKEY_UNKNOWN' | 'PASSKEY_DISABLED';
  message: string;
}

/**
 * Passkeys and their one-time challenges. What the signed-in caller manages is their own: every
 * query of their passkeys is scoped to them, so another user's passkey is simply not found (404,
 * noted as a failure by the caller). Sign-in runs before anyone is signed in: it finds the passkey
 * by its WebAuthn id. Every change and every refused ceremony is noted on the request's one audit
 * event; a successful sign-in is noted where its session starts.
 */
export class BiometricRepository extends Repository {
  private get owner(): string {
    return this.work.ctx.user.userId;
  }

  async own(): Promise<CredentialRow[]> {
    return this.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, this.owner))
      .orderBy(asc(webauthnCredentials.createdAt), asc(webauthnCredentials.id));
  }

  /** The caller's name and address, for the passkey the browser creates. */
  async ownIdentity(): Promise<{ id: string; email: string; firstName: string; lastName: string } | null> {
    const [row] = await this.db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, this.owner));
    return row ?? null;
  }

  /** Stores a passkey for the caller, noted; null when this credential is already registered. */
  async add(values: {
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    deviceName: string | null;
  }): Promise<CredentialRow | null> {
    const [row] = await this.db
      .insert(webauthnCredentials)
      .values({ ...values, userId: this.owner })
      .onConflictDoNothing()
      .returning();
    if (row) this.audit.note({ action: 'passkey.register', resourceType: 'passkey', resourceId: row.id });
    return row ?? null;
  }

  /** A registration that did not succeed, noted; its challenge stays used. */
  registrationRefused(reason: string, code: Refusal['code'], message: string): Refusal {
    this.audit.note({ action: 'passkey.register', outcome: 'failure', resourceType: 'passkey', resourceId: null, details: { reason } });
    return { ok: false, code, message };
  }

  /** 404 unless the passkey is the caller's. */
  async setEnabled(id: string, enabled: boolean): Promise<CredentialRow> {
    const [row] = await this.db
      .update(webauthnCredentials)
      .set({ enabled })
      .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, this.owner)))
      .returning();
    return this.changedOrMissing(row, 'passkey.update', id, { enabled });
  }

  /** 404 unless the passkey is the caller's. */
  async remove(id: string): Promise<void> {
    const [row] = await this.db
      .delete(webauthnCredentials)
      .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, this.owner)))
      .returning();
    this.changedOrMissing(row, 'passkey.delete', id);
  }

  /** Marks the caller's passkey as just used; 404 unless it is theirs. */
  async touchUsage(credentialId: string, at: Date): Promise<void> {
    const [row] = await this.db
      .update(webauthnCredentials)
      .set({ lastUsedAt: at })
      .where(and(eq(webauthnCredentials.credentialId, credentialId), eq(webauthnCredentials.userId, this.owner)))
      .returning();
    if (!row) {
      this.audit.missed('passkey.use', 'passkey', null);
      throw AppError.notFound();
    }
    this.audit.note({ action: 'passkey.use', resourceType: 'passkey', resourceId: row.id });
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

  /** A sign-in that did not succeed, noted (with the passkey when one was found); its challenge stays used. */
  signInRefused(reason: string, message: string, credential?: CredentialRow, code: Refusal['code'] = 'INVALID_CREDENTIALS'): Refusal {
    this.audit.note({
      action: 'auth.sign-in',
      outcome: 'failure',
      resourceType: credential ? 'passkey' : null,
      resourceId: credential?.id ?? null,
      details: { method: 'passkey', reason },
    });
    return { ok: false, code, message };
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

  /**
   * Stores a challenge good for one ceremony until `expiresAt`, bound to the signed-in caller for a
   * registration and to nobody for a sign-in. Challenges nobody answered in time are removed, so
   * the table stays small.
   */
  async issueChallenge(challenge: string, purpose: ChallengePurpose, now: Date, expiresAt: Date): Promise<void> {
    await this.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
    const userId = purpose === 'registration' ? this.owner : null;
    await this.db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt });
  }

  /**
   * Takes a challenge out of the store: it is good for one ceremony only. False when it is
   * unknown, already used, expired, for another purpose or bound to someone else.
   */
  async consumeChallenge(challenge: string, purpose: ChallengePurpose, now: Date): Promise<boolean> {
    const userId = purpose === 'registration' ? this.owner : null;
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

  private changedOrMissing(
    row: CredentialRow | undefined,
    action: AuditActionCode,
    id: string,
    details?: Record<string, unknown>,
  ): CredentialRow {
    if (!row) {
      // Someone else's passkey answers exactly like a missing one.
      this.audit.missed(action, 'passkey', isUuid(id) ? id : null);
      throw AppError.notFound();
    }
    this.audit.note({ action, resourceType: 'passkey', resourceId: id, details });
    return row;
  }
}
