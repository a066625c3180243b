import type { DemoAccount } from '../../../contracts/demo';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { currentTotpCode } from '../auth/auth.service';
import { DemoRepository } from './demo.repository';

export class DemoService {
  constructor(private readonly uow: UnitOfWork) {}

  /**
   * The demo accounts that really exist in this database, so the list never offers a dead login.
   * For the MFA account it adds the code its authenticator would show now (in demo mode the login
   * screen shows it, so the second step can be tried without a phone), and how long that code is shown.
   */
  async listAccounts(ctx: AccessContext, now: Date = new Date()): Promise<DemoAccount[]> {
    const present = await this.uow.read(ctx, (work) => work.use(DemoRepository).activeAccounts(DEMO_ACCOUNTS.map((a) => a.email)));
    const accounts: DemoAccount[] = [];
    for (const definition of DEMO_ACCOUNTS) {
      const state = present.get(definition.email.toLowerCase());
      if (!state) continue;
      const account: DemoAccount = {
        role: definition.role,
        kind: definition.kind,
        name: `${definition.firstName} ${definition.lastName}`,
        email: definition.email,
        password: definition.password,
        label: definition.label,
        mfa: definition.mfa,
      };
      if (definition.mfa && state.mfaEnabled && state.mfaSecret) {
        const { code, expiresInSeconds } = await currentTotpCode(state.mfaSecret, state.mfaLastStep, now);
        account.mfaCode = code;
        account.mfaCodeExpiresInSeconds = expiresInSeconds;
      }
      accounts.push(account);
    }
    return accounts;
  }
}
