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
