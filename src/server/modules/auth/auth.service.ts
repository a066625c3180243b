import type { AuditActionCode } from '../../../contracts/audit';
import { englishValidationMessage, type ValidationMessageKey } from '../../../contracts/validation-messages';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { isWellKnownPassword } from '../../platform/common-passwords';
import type { OrganisationIdentity } from '../../platform/organisation-identity';
import type { AuditEventInput, AuditLog } from '../../platform/audit';
import type { Mailer } from '../../platform/mail';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { hashToken, randomToken } from '../../platform/tokens';
import { AuthRepository, type Credentials } from './auth.repository';
import { LoginThrottle, ThrottledError } from './login-throttle';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { enrolment, matchTotp, newTotpSecret, TOTP_PERIOD_SECONDS, totpCodeForStep, totpStep } from './totp';

// The rules of signing in, resetting and changing passwords and managing the second factor
// (spec §4 Session, §5 Login and Change password; DESIGN.md §5; SECURITY.md V6/V7). Sessions and
// cookies belong to the routes (startSession needs the request); everything else is decided here.

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  mfaInvalid: 'Invalid verification code',
  forgotPassword: 'If an account exists for that email, we have sent a link to reset your password.',
  tokenInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  mfaAlreadyOn: 'Two-factor authentication is already on. Turn it off first to set it up again.',
  mfaOff: 'Two-factor authentication is off.',
  mfaSetupFirst: 'Start the two-factor set-up first.',
} as const;

/** A reset link works for 30 minutes. */
export const RESET_TOKEN_LIFETIME_MS = 30 * 60 * 1000;
/**
 * An invitation (an account an admin created, issue 4 item 5) is the same single-use link on the
 * reset-password page, but works for 72 hours: a new colleague may not read mail the day it is sent.
 */
export const INVITATION_TOKEN_LIFETIME_MS = 72 * 60 * 60 * 1000;

/** Who asked and from where: the audit context of the request, and its address for the throttle. */
export interface RequestContext {
  ip: string;
  /** Runs work once the answer has left (platform/background.ts); without it, the work is awaited. */
  afterAnswer?: (name: string, work: () => Promise<unknown>) => void;
  audit: Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'>;
}

export interface AuthServiceOptions {
  db: Database;
  audit: AuditLog;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  /** The organisation's current name, for mail and the authenticator's issuer. */
  organisation: () => Promise<OrganisationIdentity>;
  now?: () => Date;
}

export interface SecondFactor {
  mfaCode?: string;
  recoveryCode?: string;
}

export type LoginOutcome = { kind: 'mfa-required' } | { kind: 'signed-in'; userId: string };
export type ResetOutcome = { kind: 'mfa-required' } | { kind: 'reset' };

function fieldError(field: string, key: ValidationMessageKey): AppError {
  return new AppError('VALIDATION_FAILED', 'Some fields are not valid.', { [field]: englishValidationMessage(key) });
}

export class AuthService {
  private readonly repository: AuthRepository;
  private readonly throttle: LoginThrottle;
  private readonly now: () => Date;

  constructor(private readonly options: AuthServiceOptions) {
    this.repository = new AuthRepository(options.db);
    this.now = options.now ?? (() => new Date());
    this.throttle = new LoginThrottle(this.repository, this.now);
  }

  // Sign-in

  async login(input: { email: string; password: string } & SecondFactor, ctx: RequestContext): Promise<LoginOutcome> {
    await this.assertNotThrottled(input.email, ctx, 'auth.sign-in');

    const user = await this.repository.credentialsByEmail(input.email);
    // Always one argon2 verification, also for unknown emails: the answer and its timing are the same.
    const passwordOk = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !passwordOk || !user.isActive) {
      const reason = !user ? 'unknown-email' : !passwordOk ? 'wrong-password' : 'inactive';
      await this.throttle.recordFailure(input.email, ctx.ip);
      await this.auditFailure('auth.sign-in', ctx, reason, user?.id);
      throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
    }

    if (user.mfaEnabled) {
      // The password was right; asking for the code is not a failure.
      if (!input.mfaCode && !input.recoveryCode) return { kind: 'mfa-required' };
      await this.verifySecondFactor(user, input, ctx, 'auth.sign-in');
    }

    await this.throttle.recordSuccess(input.email, ctx.ip);
    return { kind: 'signed-in', userId: user.id };
  }

  /**
   * A TOTP code (accepted once: its step must be newer than the last one used) or a recovery code
   * (spent on use). Wrong counts as a sign-in failure for the throttle.
   */
  private async verifySecondFactor(user: Credentials, factor: SecondFactor, ctx: RequestContext, action: AuditActionCode): Promise<void> {
    const now = this.now();
    if (factor.mfaCode && user.mfaSecret) {
      const step = await matchTotp(user.mfaSecret, factor.mfaCode, now, user.mfaLastStep);
      if (step !== null && (await this.repository.acceptTotpStep(user.id, step))) return;
    }
    if (factor.recoveryCode && (await this.repository.useRecoveryCode(user.id, hashRecoveryCode(factor.recoveryCode), now))) {
      await this.options.audit.record({
        ...ctx.audit,
        action: 'auth.recovery-code-used',
        outcome: 'success',
        resourceType: 'user',
        resourceId: user.id,
        details: { remaining: await this.repository.unusedRecoveryCodes(user.id) },
      });
      return;
    }
    await this.throttle.recordFailure(user.email, ctx.ip);
    await this.auditFailure(action, ctx, 'mfa-invalid', user.id);
    throw new AppError('MFA_INVALID', AUTH_MESSAGES.mfaInvalid);
  }

  private async assertNotThrottled(email: string, ctx: RequestContext, action: AuditActionCode, userId?: string): Promise<void> {
    try {
      await this.throttle.assertAllowed(email, ctx.ip);
    } catch (error) {
      if (error instanceof ThrottledError) await this.auditFailure(action, ctx, 'rate-limited', userId);
      throw error;
    }
  }

  private async auditFailure(action: AuditActionCode, ctx: RequestContext, reason: string, userId?: string): Promise<void> {
    await this.options.audit.record({
      ...ctx.audit,
      action,
      outcome: 'failure',
      resourceType: userId ? 'user' : null,
      resourceId: userId ?? null,
      details: { reason },
    });
  }

  // Forgotten password: an e-mailed, single-use link valid for 30 minutes

  /**
   * The answer leaves before the address is even looked up, and is the same for every address: how
   * long it takes tells nothing about who has an account. The link goes to the holder's mailbox only.
   */
  async forgotPassword(email: string, ctx: RequestContext): Promise<string> {
    if (ctx.afterAnswer) ctx.afterAnswer('password-reset-request', () => this.sendResetLink(email, ctx));
    else await this.sendResetLink(email, ctx);
    return AUTH_MESSAGES.forgotPassword;
  }

  private async sendResetLink(email: string, ctx: RequestContext): Promise<void> {
    const user = await this.repository.credentialsByEmail(email);
    if (!user || !user.isActive) {
      // Same answer as for a real account: the form must not tell who has one.
      await this.auditFailure('auth.password-reset-requested', ctx, user ? 'inactive' : 'unknown-email', user?.id);
      return;
    }
    const { link } = await this.setPasswordLink(user.id, RESET_TOKEN_LIFETIME_MS);
    const organisation = (await this.options.organisation()).name;
    await this.sendMail({
      to: user.email,
      kind: 'password-reset',
      subject: `Reset your ${organisation} password`,
      text: [
        'Hello,',
        '',
        `Someone asked to reset the password of your ${organisation} account.`,
        'Open this link within 30 minutes to choose a new password:',
        '',
        link,
        '',
        'If you did not ask for this, you can ignore this message: your password stays as it is.',
      ].join('\n'),
    });
    await this.options.audit.record({
      ...ctx.audit,
      action: 'auth.password-reset-requested',
      outcome: 'success',
      resourceType: 'user',
      resourceId: user.id,
    });
  }

  /**
   * A new single-use link to the reset-password page for a user; their earlier links stop working.
   * Used by forgot-password and by invitations (user-admin), which differ only in lifetime.
   */
  async setPasswordLink(userId: string, lifetimeMs: number): Promise<{ link: string; expiresAt: Date }> {
    const now = this.now();
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + lifetimeMs);
    await this.repository.transaction(async (repository) => {
      await repository.retireResetTokens(userId, now);
      await repository.insertResetToken(userId, hashToken(token), now, expiresAt);
    });
    // The token travels in the fragment: browsers never send it to a server (no logs, no Referer).
    return { link: `${this.options.config.publicUrl}/reset-password#token=${token}`, expiresAt };
  }

  async resetPassword(input: { token: string; newPassword: string } & SecondFactor, ctx: RequestContext): Promise<ResetOutcome> {
    const now = this.now();
    const found = await this.repository.findUsableResetToken(hashToken(input.token), now);
    if (!found) {
      await this.auditFailure('auth.password-reset', ctx, 'token-invalid');
      throw new AppError('TOKEN_INVALID', AUTH_MESSAGES.tokenInvalid);
    }
    if (isWellKnownPassword(input.newPassword)) throw fieldError('newPassword', 'password.common');

    const { user, tokenId } = found;
    // A reset never skips the second factor: whoever reads the mailbox still needs it.
    if (user.mfaEnabled) {
      await this.assertNotThrottled(user.email, ctx, 'auth.password-reset', user.id);
      if (!input.mfaCode && !input.recoveryCode) return { kind: 'mfa-required' };
      await this.verifySecondFactor(user, input, ctx, 'auth.password-reset');
      await this.throttle.recordSuccess(user.email, ctx.ip);
    }

    const passwordHash = await hashPassword(input.newPassword);
    const changed = await this.repository.transaction(async (repository) => {
      if (!(await repository.consumeResetToken(tokenId, now))) return false;
      await repository.setPassword(user.id, passwordHash, now);
      // Whoever held a session (perhaps the reason for the reset) is out, on every instance.
      await repository.revokeSessions(user.id, 'password reset', now);
      return true;
    });
    if (!changed) throw new AppError('TOKEN_INVALID', AUTH_MESSAGES.tokenInvalid);

    await this.passwordChangedNotice(user.email);
    await this.options.audit.record({
      ...ctx.audit,
      action: 'auth.password-reset',
      outcome: 'success',
      resourceType: 'user',
      resourceId: user.id,
    });
    return { kind: 'reset' };
  }

  // Change password, signed in

  /**
   * Checks the current password (throttled like a sign-in), refuses a new one equal to it or a
   * well-known one, stores the new hash and ends every session of the user, this one included:
   * the route then signs this browser in again with a new token (rotation on privilege change).
   */
  async changePassword(userId: string, input: { currentPassword: string; newPassword: string }, ctx: RequestContext): Promise<void> {
    const user = await this.userOrThrow(userId);
    await this.verifyCurrentPassword(user, input.currentPassword, 'currentPassword', 'auth.password-change', ctx);
    if (input.newPassword === input.currentPassword) throw fieldError('newPassword', 'password.sameAsCurrent');
    if (isWellKnownPassword(input.newPassword)) throw fieldError('newPassword', 'password.common');

    const now = this.now();
    const passwordHash = await hashPassword(input.newPassword);
    const ended = await this.repository.transaction(async (repository) => {
      await repository.setPassword(user.id, passwordHash, now);
      return repository.revokeSessions(user.id, 'password changed', now);
    });
    await this.passwordChangedNotice(user.email);
    await this.options.audit.record({
      ...ctx.audit,
      action: 'auth.password-changed',
      outcome: 'success',
      resourceType: 'user',
      resourceId: user.id,
      details: { sessionsEnded: ended },
    });
  }

  private async verifyCurrentPassword(
    user: Credentials,
    password: string,
    field: string,
    action: AuditActionCode,
    ctx: RequestContext,
  ): Promise<void> {
    // Re-authentication is a password guess like any other: the same throttle applies.
    await this.assertNotThrottled(user.email, ctx, action, user.id);
    if (await verifyPassword(user.passwordHash, password)) return;
    await this.throttle.recordFailure(user.email, ctx.ip);
    await this.auditFailure(action, ctx, 'wrong-password', user.id);
    throw fieldError(field, 'password.currentIncorrect');
  }

  private async userOrThrow(userId: string): Promise<Credentials> {
    const user = await this.repository.credentialsById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return user;
  }

  private async passwordChangedNotice(email: string): Promise<void> {
    const organisation = (await this.options.organisation()).name;
    await this.sendMail({
      to: email,
      kind: 'password-changed',
      subject: `Your ${organisation} password was changed`,
      text: [
        'Hello,',
        '',
        `The password of your ${organisation} account was just changed, and every session signed in with the old one was ended.`,
        '',
        `If this was not you, reset your password at ${this.options.config.publicUrl}/login and contact us straight away.`,
      ].join('\n'),
    });
  }

  private async sendMail(message: { to: string; subject: string; text: string; kind: string }): Promise<void> {
    // Mailer.send records the message in the outbox first; delivery problems stay there, never in the answer.
    await this.options.mailer.send(message);
  }

  // Two-factor authentication (TOTP) from the security settings

  async mfaStatus(userId: string): Promise<{ enabled: boolean; recoveryCodesRemaining: number }> {
    const user = await this.userOrThrow(userId);
    return { enabled: user.mfaEnabled, recoveryCodesRemaining: user.mfaEnabled ? await this.repository.unusedRecoveryCodes(userId) : 0 };
  }

  /** A new secret to enrol; MFA stays off until a code from it is confirmed. */
  async startMfaSetup(userId: string, ctx: RequestContext): Promise<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }> {
    const user = await this.userOrThrow(userId);
    // Replacing a working second factor needs the password first (disable), not just a session.
    if (user.mfaEnabled) throw new AppError('CONFLICT', AUTH_MESSAGES.mfaAlreadyOn);
    const secret = newTotpSecret();
    await this.repository.setPendingMfaSecret(userId, secret, this.now());
    await this.options.audit.record({
      ...ctx.audit,
      action: 'auth.mfa-setup',
      outcome: 'success',
      resourceType: 'user',
      resourceId: userId,
    });
    return enrolment(secret, (await this.options.organisation()).name, user.email);
  }

  /** Confirms enrolment with a code; turns MFA on, issues 10 recovery codes (shown once), ends other sessions. */
  async enableMfa(userId: string, sessionId: string, code: string, ctx: RequestContext): Promise<string[]> {
    const user = await this.userOrThrow(userId);
    if (user.mfaEnabled) throw new AppError('CONFLICT', AUTH_MESSAGES.mfaAlreadyOn);
    const pending = user.mfaPendingSecret;
    if (!pending) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.mfaSetupFirst);
    const now = this.now();
    const step = await matchTotp(pending, code, now, null);
    if (step === null) {
      await this.auditFailure('auth.mfa-enabled', ctx, 'mfa-invalid', userId);
      throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.mfaInvalid, { code: 'mfa.invalid' });
    }
    const codes = newRecoveryCodes();
    const ended = await this.repository.transaction(async (repository) => {
      if (!(await repository.enableMfa(userId, pending, step, now))) return null;
      await repository.replaceRecoveryCodes(userId, codes.map(hashRecoveryCode));
      return repository.revokeSessions(userId, 'two-factor authentication turned on', now, sessionId);
    });
    // Another request changed the enrolment meanwhile (a second set-up, or it was enabled already).
    if (ended === null) throw new AppError('CONFLICT', AUTH_MESSAGES.mfaSetupFirst);
    await this.options.audit.record({
      ...ctx.audit,
      action: 'auth.mfa-enabled',
      outcome: 'success',
      resourceType: 'user',
      resourceId: userId,
      details: { sessionsEnded: ended },
    });
    return codes;
  }

  async disableMfa(userId: string, sessionId: string, password: string, ctx: RequestContext): Promise<void> {
    const user = await this.userOrThrow(userId);
    await this.verifyCurrentPassword(user, password, 'password', 'auth.mfa-disabled', ctx);
    const now = this.now();
    const ended = await this.repository.transaction(async (repository) => {
      await repository.disableMfa(userId, now);
      return repository.revokeSessions(userId, 'two-factor authentication turned off', now, sessionId);
    });
    await this.options.audit.record({
      ...ctx.audit,
      action: 'auth.mfa-disabled',
      outcome: 'success',
      resourceType: 'user',
      resourceId: userId,
      details: { sessionsEnded: ended, wasEnabled: user.mfaEnabled },
    });
  }

  /** New recovery codes; the old ones stop working. */
  async regenerateRecoveryCodes(userId: string, password: string, ctx: RequestContext): Promise<string[]> {
    const user = await this.userOrThrow(userId);
    await this.verifyCurrentPassword(user, password, 'password', 'auth.mfa-recovery-codes', ctx);
    if (!user.mfaEnabled) throw new AppError('CONFLICT', AUTH_MESSAGES.mfaOff);
    const codes = newRecoveryCodes();
    await this.repository.transaction((repository) => repository.replaceRecoveryCodes(userId, codes.map(hashRecoveryCode)));
    await this.options.audit.record({
      ...ctx.audit,
      action: 'auth.mfa-recovery-codes',
      outcome: 'success',
      resourceType: 'user',
      resourceId: userId,
    });
    return codes;
  }
}

/**
 * The code an MFA account's authenticator would show now, for the demo login screen: the current
 * step's, or the next step's when the current one was already used (both are accepted, ±1 step).
 */
export async function currentTotpCode(
  secret: string,
  lastStep: number | null,
  now: Date = new Date(),
): Promise<{ code: string; expiresInSeconds: number }> {
  const current = totpStep(now);
  const step = lastStep !== null && lastStep >= current ? lastStep + 1 : current;
  const stepEndsAt = (step + 1) * TOTP_PERIOD_SECONDS;
  const expiresInSeconds = Math.max(1, Math.ceil(stepEndsAt - now.getTime() / 1000));
  return { code: await totpCodeForStep(secret, step), expiresInSeconds };
}
