import { and, eq, inArray, isNull, or, isNotNull, sql } from 'drizzle-orm';
import { AuditLog } from '../../platform/audit';
import type { Database } from '../client';
import { mfaRecoveryCodes, sessions, users, webauthnCredentials } from '../schema';
import { DEMO_ACCOUNTS } from './demo-accounts';

// The demo accounts' passwords are published (the README, the login screen in demo mode). A
// database that holds them and is started with demo mode off is a real deployment: none of them may
// sign in there. Each one still usable is deactivated, loses its password, second factor, recovery
// codes and passkeys, and its sessions end, in one transaction with one audit event per account.
// The rows stay (records may point at them); the deployment's own accounts are not touched.

export const DEMO_ACCOUNTS_RETIRED_MESSAGE =
  'Disabled the demo accounts in this database because DEMO_MODE is off: their passwords are published. ' +
  'Sign in with an account of your own; if the demo administrator was your only administrator, start once with ' +
  'DEMO_MODE=true, invite an administrator of your own at /admin/users, then start with DEMO_MODE off again.';

export const DEMO_ACCOUNTS_RESTORED_MESSAGE =
  'Enabled the demo accounts in this database again because DEMO_MODE is on: they sign in with their published passwords. ' +
  'Start with DEMO_MODE off again before real patients use it.';

/** Disables every demo account that can still sign in; answers how many it disabled. */
export async function retireDemoAccounts(db: Database, now: () => Date = () => new Date()): Promise<number> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const usable = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.email, emails),
          or(eq(users.isActive, true), isNotNull(users.passwordHash), isNotNull(users.mfaSecret), eq(users.mfaEnabled, true)),
        ),
      );
    const passkeys = await tx
      .select({ userId: webauthnCredentials.userId })
      .from(webauthnCredentials)
      .innerJoin(users, eq(users.id, webauthnCredentials.userId))
      .where(and(inArray(users.email, emails), eq(webauthnCredentials.enabled, true)));
    const ids = [...new Set([...usable.map((row) => row.id), ...passkeys.map((row) => row.userId)])];
    if (ids.length === 0) return 0;
    const at = now();
    await tx
      .update(users)
      .set({ isActive: false, passwordHash: null, mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, updatedAt: sql`now()` })
      .where(inArray(users.id, ids));
    await tx.delete(mfaRecoveryCodes).where(inArray(mfaRecoveryCodes.userId, ids));
    await tx.update(webauthnCredentials).set({ enabled: false }).where(inArray(webauthnCredentials.userId, ids));
    await tx
      .update(sessions)
      .set({ revokedAt: at, revokedReason: 'demo-mode-off' })
      .where(and(inArray(sessions.userId, ids), isNull(sessions.revokedAt)));
    const audit = new AuditLog(tx, now);
    for (const id of ids) {
      await audit.record({
        action: 'users.deactivate',
        outcome: 'success',
        resourceType: 'user',
        resourceId: id,
        details: { reason: 'demo-mode-off' },
      });
    }
    return ids.length;
  });
}

/**
 * Started in demo mode again, a database whose demo accounts were retired gets them back, with
 * their published passwords (and a new second factor for the MFA account): that is how an operator
 * whose only administrator was the demo one gets in to invite their own. Only accounts in the state
 * retirement leaves (inactive, no password) come back; one an administrator deactivated keeps its
 * password and stays as it is. Answers how many came back.
 */
export async function restoreDemoAccounts(db: Database, now: () => Date = () => new Date()): Promise<number> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const retired = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), eq(users.isActive, false), isNull(users.passwordHash)));
  if (retired.length === 0) return 0;
  const [{ hashPassword }, { generateSecret }] = await Promise.all([import('../../platform/passwords'), import('otplib')]);
  const restored = await Promise.all(
    retired.map(async (row) => {
      const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === row.email)!;
      return { ...row, account, passwordHash: await hashPassword(account.password) };
    }),
  );
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const audit = new AuditLog(tx, now);
    for (const { id, account, passwordHash } of restored) {
      await tx
        .update(users)
        .set({
          isActive: true,
          passwordHash,
          ...(account.mfa ? { mfaEnabled: true, mfaSecret: generateSecret({ length: 20 }) } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id));
      await audit.record({
        action: 'users.reactivate',
        outcome: 'success',
        resourceType: 'user',
        resourceId: id,
        details: { reason: 'demo-mode-on' },
      });
    }
    return restored.length;
  });
}
