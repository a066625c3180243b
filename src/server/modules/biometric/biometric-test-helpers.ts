import { and, eq } from 'drizzle-orm';
import {
  biometricCredentialResponseSchema,
  passkeyRegistrationOptionsResponseSchema,
  type BiometricCredential,
} from '../../../contracts/passkeys';
import type { Database } from '../../db/client';
import { auditEvents } from '../../db/schema';
import type { SoftwareAuthenticator } from '../../test-support/software-authenticator';
import type { TestAgent } from '../../test-support/test-agent';

// Shared steps of the passkey integration tests: what the security settings page does to register
// a passkey, and how to read what the audit log recorded. No test-runner imports: this is not a
// *.test.ts file, and server code may not depend on dev dependencies.

/** The origin the test app expects ceremonies from (testConfig's PUBLIC_URL). */
export function appOrigin(publicUrl: string): string {
  return new URL(publicUrl).origin;
}

/** Settings page: options → authenticator → verify. Answers the stored credential. */
export async function registerPasskey(
  agent: TestAgent,
  authenticator: SoftwareAuthenticator,
  deviceName?: string,
): Promise<BiometricCredential> {
  const options = await agent.post('/api/biometric/register/options');
  if (options.statusCode !== 200) throw new Error(`register/options answered ${options.statusCode}: ${options.body}`);
  const { options: creation } = passkeyRegistrationOptionsResponseSchema.parse(options.json());
  const response = authenticator.createCredential(creation);
  const verified = await agent.post('/api/biometric/register/verify', { response, ...(deviceName ? { deviceName } : {}) });
  if (verified.statusCode !== 201) throw new Error(`register/verify answered ${verified.statusCode}: ${verified.body}`);
  return biometricCredentialResponseSchema.parse(verified.json()).credential;
}

export async function auditActions(db: Database, action: string, outcome?: 'success' | 'failure' | 'denied') {
  return db
    .select()
    .from(auditEvents)
    .where(outcome ? and(eq(auditEvents.action, action), eq(auditEvents.outcome, outcome)) : eq(auditEvents.action, action));
}
