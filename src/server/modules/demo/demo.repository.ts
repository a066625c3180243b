import { inArray } from 'drizzle-orm';
import { users } from '../../db/schema';
import { Repository } from '../../platform/unit-of-work';

// The demo accounts' own rows (published accounts, no patient data beyond what the demo shows on
// its login screen), so nothing is scoped to a patient or noted on the audit trail.

export interface DemoAccountState {
  mfaEnabled: boolean;
  mfaSecret: string | null;
  mfaLastStep: number | null;
}

export class DemoRepository extends Repository {
  /** The existing, active accounts among the given emails (lower-cased), with their second-factor state. */
  async activeAccounts(emails: readonly string[]): Promise<Map<string, DemoAccountState>> {
    if (emails.length === 0) return new Map();
    const rows = await this.db
      .select({
        email: users.email,
        isActive: users.isActive,
        mfaEnabled: users.mfaEnabled,
        mfaSecret: users.mfaSecret,
        mfaLastStep: users.mfaLastStep,
      })
      .from(users)
      .where(inArray(users.email, [...emails]));
    return new Map(
      rows
        .filter((r) => r.isActive)
        .map((r) => [r.email.toLowerCase(), { mfaEnabled: r.mfaEnabled, mfaSecret: r.mfaSecret, mfaLastStep: r.mfaLastStep }]),
    );
  }
}
