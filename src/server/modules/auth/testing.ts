import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '../../../contracts/roles';
import type { Database } from '../../db/client';
import { createPatient, createUser, Random } from '../../db/factories';
import { auditEvents, mailOutbox, mfaRecoveryCodes, users, type UserRow } from '../../db/schema';
import type { TestAgent } from '../../test-support/test-agent';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { newTotpSecret, TOTP_PERIOD_SECONDS, totpCodeForStep, totpStep } from './totp';

// Helpers for the identity tests (test code only): accounts with known passwords and second
// factors, and quick looks at what the server wrote (audit events, outbox mail).

const random = new Random(7_301);
let counter = 0;

export interface TestAccount {
  user: UserRow;
  email: string;
  password: string;
  /** Set for accounts created with `mfa: true`. */
  mfaSecret?: string;
  recoveryCodes?: string[];
}

export async function createAccount(
  db: Database,
  options: { role?: Role; password?: string; mfa?: boolean; isActive?: boolean; isFirstTimeLogin?: boolean } = {},
): Promise<TestAccount> {
  counter += 1;
  const role = options.role ?? 'patient';
  const email = `${role}.${counter}.${Date.now().toString(36)}@identity.test`;
  const password = options.password ?? `Sturdy#Pass${counter}x`;
  const mfaSecret = options.mfa ? newTotpSecret() : undefined;
  const overrides = {
    email,
    password,
    isActive: options.isActive ?? true,
    isFirstTimeLogin: options.isFirstTimeLogin ?? false,
    ...(mfaSecret ? { mfaEnabled: true, mfaSecret } : {}),
  };
  const user =
    role === 'patient' ? (await createPatient(db, random, overrides)).user : await createUser(db, random, { ...overrides, role });
  let recoveryCodes: string[] | undefined;
  if (options.mfa) {
    recoveryCodes = newRecoveryCodes();
    await db.insert(mfaRecoveryCodes).values(recoveryCodes.map((code) => ({ userId: user.id, codeHash: hashRecoveryCode(code) })));
  }
  return { user, email, password, mfaSecret, recoveryCodes };
}

/** The code an authenticator app would show now for this secret. */
export function currentCode(secret: string, offsetSteps = 0): Promise<string> {
  return totpCodeForStep(secret, totpStep(new Date()) + offsetSteps);
}

/**
 * Waits, when the current 30-second step is about to end, until the next one has begun: a story that
 * computes codes relative to "now" then runs entirely inside one step.
 */
export async function awayFromStepBoundary(marginSeconds = 6): Promise<void> {
  const intoStep = (Date.now() / 1000) % TOTP_PERIOD_SECONDS;
  if (intoStep < TOTP_PERIOD_SECONDS - marginSeconds) return;
  await new Promise((resolve) => setTimeout(resolve, (TOTP_PERIOD_SECONDS - intoStep) * 1000 + 250));
}

/** The secret a user has in the database now (after an enrolment through the API). */
export async function mfaSecretOf(
  db: Database,
  userId: string,
): Promise<{ secret: string | null; pending: string | null; lastStep: number | null }> {
  const [row] = await db
    .select({ secret: users.mfaSecret, pending: users.mfaPendingSecret, lastStep: users.mfaLastStep })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

export function login(agent: TestAgent, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return agent.post('/api/auth/login', body);
}

export async function auditOf(db: Database, action: string, resourceId?: string) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), resourceId ? eq(auditEvents.resourceId, resourceId) : undefined))
    .orderBy(asc(auditEvents.id));
}

export async function mailTo(db: Database, email: string, kind?: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(asc(mailOutbox.createdAt));
}

/** The reset token of a password-reset mail, read from its link the way a person would click it. */
export function resetTokenFrom(text: string): string {
  const match = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`No reset link in mail: ${text}`);
  return match[1]!;
}

/** The session cookie as the server set it, to check its attributes. */
export function sessionSetCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name.endsWith('caredeck-session'));
}
