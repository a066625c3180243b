import type { AuditActionCode } from '../../../contracts/audit';
import { AUTH, SESSION } from '../../../contracts/constants';
import type { SessionUser } from '../../../contracts/user';
import { englishValidationMessage, type ValidationMessageKey } from '../../../contracts/validation-messages';
import type { AppConfig } from '../../config';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { MailMessage } from '../../platform/mail';
import type { OrganisationIdentity } from '../../platform/organisation-identity';
import { newPasswordRefusal } from '../../platform/password-guessability';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { NewSession } from '../../platform/session';
import { SESSION_TOKEN } from '../../platform/session';
import { hashToken, randomToken } from '../../platform/tokens';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { AuthRepository, type Credentials } from './auth.repository';
import { LoginThrottle, ThrottledError, type AttemptOrigin } from './login-throttle';
import { RESET_TOKEN_LIFETIME_MS, type PasswordLink } from './password-links';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { enrolment, matchTotp, newTotpSecret, TOTP_PERIOD_SECONDS, totpCodeForStep, totpStep } from './totp';

export { INVITATION_TOKEN_LIFETIME_MS, RESET_TOKEN_LIFETIME_MS } from './password-links';

// The rules of signing in and out, resetting and changing passwords and managing the second
// factor. A sign-in starts anonymous: it runs on the request's context like any public write
// (scoped to nobody), and once the session exists the context acts as the user, so the event of
// the request names them. A refused attempt commits its throttle count and its audit note in its
// own write, then answers the refusal: a failure is never rolled back with the attempt.

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

export interface AuthServiceOptions {
  config: Pick<AppConfig, 'publicUrl'>;
  /** The organisation's current name, for mail and the authenticator's issuer. */
  organisation: () => Promise<OrganisationIdentity>;
  /** The password minimum and session timeout in force (system settings); the built-in ones without it. */
  policy?: () => Promise<AuthPolicy>;
  now?: () => Date;
}

export interface AuthPolicy {
  passwordMinLength: number;
  sessionTimeoutMs: number;
}

const BUILT_IN_POLICY: AuthPolicy = { passwordMinLength: AUTH.passwordMinLength, sessionTimeoutMs: SESSION.inactivityTimeoutMs };

export interface SecondFactor {
  mfaCode?: string;
  recoveryCode?: string;
}

export type LoginOutcome =
  | { kind: 'mfa-required' }
  /** `deviceToken`: the device cookie to set (this browser is known from now on). */
  | { kind: 'signed-in'; started: NewSession; user: SessionUser; deviceToken: string };

/** How many browsers each user is remembered on; the least recently used goes first. */
const KNOWN_DEVICES_KEPT = 20;
export type ResetOutcome = { kind: 'mfa-required' } | { kind: 'reset'; message: string };

/** A second factor that was accepted: how, and what is left of the recovery codes when one was spent. */
type FactorCheck = { ok: false } | { ok: true; recoveryCodesRemaining: number | null };

function fieldError(field: string, key: ValidationMessageKey): AppError {
  return new AppError('VALIDATION_FAILED', 'Some fields are not valid.', { [field]: englishValidationMessage(key) });
}

/** The address the throttle counts a request under. */
function addressOf(ctx: AccessContext): string {
  return ctx.origin.ip ?? 'unknown';
}

/** A new password shorter than the minimum in force: the field names the minimum. */
function assertLongEnough(field: string, password: string, policy: AuthPolicy): void {
  if (password.length >= policy.passwordMinLength) return;
  throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', {
    [field]: englishValidationMessage('password.tooShortMin', { min: policy.passwordMinLength }),
  });
}

function sessionMeta(ctx: AccessContext): { ip?: string; userAgent?: string } {
  return { ip: ctx.origin.ip ?? undefined, userAgent: ctx.origin.userAgent ?? undefined };
}

export class AuthService {
  private readonly now: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
    private readonly options: AuthServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Read outside any unit of work: the settings come from the pool, which a write's transaction may hold. */
  private policy(): Promise<AuthPolicy> {
    return this.options.policy?.() ?? Promise.resolve(BUILT_IN_POLICY);
  }

  private throttle(work: Work): LoginThrottle {
    return new LoginThrottle(work.use(AuthRepository), this.now);
  }

  // Sign-in and sign-out

  /** `deviceToken`: the device cookie the browser sent, if any (a browser the user signed in from before). */
  async login(ctx: AccessContext, input: { email: string; password: string } & SecondFactor, deviceToken?: string): Promise<LoginOutcome> {
    const ip = addressOf(ctx);
    const deviceHash = deviceToken && SESSION_TOKEN.test(deviceToken) ? hashToken(deviceToken) : null;
    const { user, origin } = await this.uow.read(ctx, async (work) => {
      const repository = work.use(AuthRepository);
      const known: AttemptOrigin = { knownDevice: deviceHash !== null && (await repository.isKnownDevice(input.email, deviceHash)) };
      await this.assertNotThrottled(work, input.email, ip, 'auth.sign-in', undefined, known);
      return { user: await repository.credentialsByEmail(input.email), origin: known };
    });
    // Always one argon2 verification, also for unknown emails: the answer and its timing are the same.
    const passwordOk = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !passwordOk || !user.isActive) {
      const reason = !user ? 'unknown-email' : !passwordOk ? 'wrong-password' : 'inactive';
      await this.refuse(ctx, input.email, 'auth.sign-in', reason, user?.id, origin);
      throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
    }
    // The password was right; asking for the code is not a failure.
    if (user.mfaEnabled && !input.mfaCode && !input.recoveryCode) return { kind: 'mfa-required' };

    const { sessionTimeoutMs } = await this.policy();
    const started = await this.uow.write(ctx, async (work) => {
      const repository = work.use(AuthRepository);
      const now = this.now();
      const factor = await this.passSecondFactor(work, user, input, { now, ip, action: 'auth.sign-in', origin });
      if (!factor.ok) return null;
      const { recoveryCodesRemaining } = factor;
      await this.throttle(work).recordSuccess(input.email, ip);
      // A brand-new session (the browser's earlier one, if any, ends): no fixation.
      const session = await repository.startSession(
        user.id,
        sessionMeta(ctx),
        'password',
        now,
        ctx.actor?.sessionId ?? null,
        sessionTimeoutMs,
      );
      ctx.signedIn({ userId: user.id, role: session.session.role, sessionId: session.session.id });
      if (recoveryCodesRemaining !== null)
        repository.noteAccount('auth.recovery-code-used', user.id, { remaining: recoveryCodesRemaining });
      await this.notifications.noteSignInIn(work, user.id, {
        id: session.session.id,
        ip: ctx.origin.ip ?? '',
        userAgent: ctx.origin.userAgent ?? undefined,
      });
      // This browser is known from now on (or again, when it was): its cookie outlives the session.
      const device = origin.knownDevice && deviceToken ? deviceToken : randomToken();
      await repository.rememberDevice(user.id, hashToken(device), now, KNOWN_DEVICES_KEPT);
      return { session, device, account: await this.users.sessionUserIn(work, user.id) };
    });
    if (!started) throw new AppError('MFA_INVALID', AUTH_MESSAGES.mfaInvalid);
    return { kind: 'signed-in', started: started.session, deviceToken: started.device, user: started.account };
  }

  /** Ends the caller's session, if there is one; answers which one ended. */
  async logout(ctx: AccessContext): Promise<string | null> {
    const sessionId = ctx.actor?.sessionId ?? null;
    if (!sessionId) return null;
    await this.uow.write(ctx, (work) => work.use(AuthRepository).signOut(sessionId, this.now()));
    return sessionId;
  }

  /** The signed-in user, for the session check. */
  sessionUser(ctx: AccessContext): Promise<SessionUser> {
    return this.users.sessionUser(ctx, ctx.user.userId);
  }

  /**
   * The second factor of an account that has one, in the caller's write: a wrong or missing code is
   * counted by the throttle and noted as `action` refused, so sign-in and password reset answer a
   * bad code alike. An account without a second factor passes with nothing to note.
   */
  private async passSecondFactor(
    work: Work,
    user: Credentials,
    factor: SecondFactor,
    attempt: { now: Date; ip: string; action: AuditActionCode; origin?: AttemptOrigin },
  ): Promise<FactorCheck> {
    if (!user.mfaEnabled) return { ok: true, recoveryCodesRemaining: null };
    const check = await this.checkSecondFactor(work, user, factor, attempt.now);
    if (!check.ok) await this.countFailure(work, user.email, attempt.ip, attempt.action, 'mfa-invalid', user.id, attempt.origin);
    return check;
  }

  /**
   * A TOTP code (accepted once: its step must be newer than the last one used) or a recovery code
   * (spent on use), in the caller's write.
   */
  private async checkSecondFactor(work: Work, user: Credentials, factor: SecondFactor, now: Date): Promise<FactorCheck> {
    const repository = work.use(AuthRepository);
    if (factor.mfaCode && user.mfaSecret) {
      const step = await matchTotp(user.mfaSecret, factor.mfaCode, now, user.mfaLastStep);
      if (step !== null && (await repository.acceptTotpStep(user.id, step))) return { ok: true, recoveryCodesRemaining: null };
    }
    if (factor.recoveryCode && (await repository.useRecoveryCode(user.id, hashRecoveryCode(factor.recoveryCode), now))) {
      return { ok: true, recoveryCodesRemaining: await repository.unusedRecoveryCodes(user.id) };
    }
    return { ok: false };
  }

  /** Refuses while the account+address pair or the address is blocked; the refusal is noted. */
  private async assertNotThrottled(
    work: Work,
    email: string,
    ip: string,
    action: AuditActionCode,
    userId?: string,
    origin?: AttemptOrigin,
  ): Promise<void> {
    const wait = await this.throttle(work).blockedFor(email, ip, origin);
    if (wait === null) return;
    work.use(AuthRepository).noteBlockedAttempt(action, userId);
    throw new ThrottledError(wait);
  }

  /** A wrong password or code, in the caller's write: counted by the throttle and noted. */
  private async countFailure(
    work: Work,
    email: string,
    ip: string,
    action: AuditActionCode,
    reason: string,
    userId?: string,
    origin?: AttemptOrigin,
  ): Promise<void> {
    await this.throttle(work).recordFailure(email, ip, origin);
    work.use(AuthRepository).noteRefusal(action, reason, userId);
  }

  /** A wrong password or code in a write of its own, committed before the refusal is answered. */
  private async refuse(
    ctx: AccessContext,
    email: string,
    action: AuditActionCode,
    reason: string,
    userId?: string,
    origin?: AttemptOrigin,
  ): Promise<void> {
    await this.uow.write(ctx, (work) => this.countFailure(work, email, addressOf(ctx), action, reason, userId, origin));
  }

  // Forgotten password: an e-mailed, single-use link valid for 30 minutes

  /**
   * The answer leaves before the address is even looked up, and is the same for every address: how
   * long it takes tells nothing about who has an account. The link goes to the holder's mailbox only.
   * `afterAnswer` runs work once the answer has left (platform/background.ts); without it, the work is awaited.
   */
  async forgotPassword(
    ctx: AccessContext,
    email: string,
    afterAnswer?: (name: string, work: () => Promise<unknown>) => void,
  ): Promise<string> {
    // Its own context: the request is over (and its client perhaps gone) when this runs.
    const detached = ctx.detached();
    if (afterAnswer) afterAnswer('password-reset-request', () => this.sendResetLink(detached, email));
    else await this.sendResetLink(detached, email);
    return AUTH_MESSAGES.forgotPassword;
  }

  private async sendResetLink(ctx: AccessContext, email: string): Promise<void> {
    const organisation = (await this.options.organisation()).name;
    await this.uow.write(ctx, async (work) => {
      const repository = work.use(AuthRepository);
      const user = await repository.credentialsByEmail(email);
      if (!user || !user.isActive) {
        // Same answer as for a real account: the form must not tell who has one.
        repository.noteRefusal('auth.password-reset-requested', user ? 'inactive' : 'unknown-email', user?.id);
        return;
      }
      const { link } = await repository.newPasswordLink(user.id, this.options.config.publicUrl, RESET_TOKEN_LIFETIME_MS, this.now());
      repository.noteAccount('auth.password-reset-requested', user.id);
      repository.mail({
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
    });
  }

  /**
   * A new single-use link to the reset-password page for a user, in the caller's write; their
   * earlier links stop working. Invitations (user-admin) use it with a longer lifetime.
   */
  setPasswordLinkIn(work: Work, userId: string, lifetimeMs: number): Promise<PasswordLink> {
    return work.use(AuthRepository).newPasswordLink(userId, this.options.config.publicUrl, lifetimeMs, this.now());
  }

  async resetPassword(ctx: AccessContext, input: { token: string; newPassword: string } & SecondFactor): Promise<ResetOutcome> {
    const ip = addressOf(ctx);
    const policy = await this.policy();
    const organisation = (await this.options.organisation()).name;
    const found = await this.uow.read(ctx, async (work) => {
      const repository = work.use(AuthRepository);
      const usable = await repository.findUsableResetToken(hashToken(input.token), this.now());
      if (!usable) {
        repository.noteRefusal('auth.password-reset', 'token-invalid');
        throw new AppError('TOKEN_INVALID', AUTH_MESSAGES.tokenInvalid);
      }
      assertLongEnough('newPassword', input.newPassword, policy);
      const refusal = newPasswordRefusal(input.newPassword, usable.user, organisation);
      if (refusal) throw fieldError('newPassword', refusal);
      // A reset never skips the second factor: whoever reads the mailbox still needs it.
      if (usable.user.mfaEnabled) await this.assertNotThrottled(work, usable.user.email, ip, 'auth.password-reset', usable.user.id);
      return usable;
    });
    const { user, tokenId } = found;
    if (user.mfaEnabled && !input.mfaCode && !input.recoveryCode) return { kind: 'mfa-required' };

    // Hashing is slow on purpose: before the transaction, so no lock waits on it.
    const passwordHash = await hashPassword(input.newPassword);
    const outcome = await this.uow.write(ctx, async (work) => {
      const repository = work.use(AuthRepository);
      const now = this.now();
      const factor = await this.passSecondFactor(work, user, input, { now, ip, action: 'auth.password-reset' });
      if (!factor.ok) return 'mfa-invalid' as const;
      const { recoveryCodesRemaining } = factor;
      // A right code ends the run of wrong ones counted for this account and address.
      if (user.mfaEnabled) await this.throttle(work).recordSuccess(user.email, ip);
      if (!(await repository.consumeResetToken(tokenId, now))) throw new AppError('TOKEN_INVALID', AUTH_MESSAGES.tokenInvalid);
      await repository.setPassword(user.id, passwordHash, now);
      // Whoever held a session (perhaps the reason for the reset) is out, on every instance.
      await repository.revokeSessions(user.id, 'password reset', now);
      repository.noteAccount('auth.password-reset', user.id);
      if (recoveryCodesRemaining !== null)
        repository.noteAccount('auth.recovery-code-used', user.id, { remaining: recoveryCodesRemaining });
      repository.mail(this.passwordChangedNotice(user.email, organisation));
      return 'reset' as const;
    });
    if (outcome === 'mfa-invalid') throw new AppError('MFA_INVALID', AUTH_MESSAGES.mfaInvalid);
    return { kind: 'reset', message: AUTH_MESSAGES.passwordReset };
  }

  // Change password, signed in

  /**
   * Checks the current password (throttled like a sign-in), refuses a new one equal to it or one
   * easy to guess (common, built on a common word or on the user's own name), stores the new hash and ends every session of the user, this one included,
   * and signs this browser in again on a new session (rotation on privilege change).
   */
  async changePassword(ctx: AccessContext, input: { currentPassword: string; newPassword: string }): Promise<NewSession> {
    const policy = await this.policy();
    assertLongEnough('newPassword', input.newPassword, policy);
    const user = await this.confirmPassword(ctx, input.currentPassword, 'currentPassword', 'auth.password-change');
    if (input.newPassword === input.currentPassword) throw fieldError('newPassword', 'password.sameAsCurrent');
    const organisation = (await this.options.organisation()).name;
    const refusal = newPasswordRefusal(input.newPassword, user, organisation);
    if (refusal) throw fieldError('newPassword', refusal);

    const passwordHash = await hashPassword(input.newPassword);
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(AuthRepository);
      const now = this.now();
      await repository.setPassword(user.id, passwordHash, now);
      const ended = await repository.revokeSessions(user.id, 'password changed', now);
      repository.noteAccount('auth.password-changed', user.id, { sessionsEnded: ended });
      repository.mail(this.passwordChangedNotice(user.email, organisation));
      await this.notifications.passwordChangedIn(work, user.id);
      return repository.startSession(user.id, sessionMeta(ctx), 'password', now, null, policy.sessionTimeoutMs);
    });
  }

  /**
   * The caller's account once `password` is theirs. Re-authentication is a password guess like any
   * other: the same throttle applies, and a wrong one is counted and noted before it is refused.
   */
  private async confirmPassword(ctx: AccessContext, password: string, field: string, action: AuditActionCode): Promise<Credentials> {
    const ip = addressOf(ctx);
    const user = await this.uow.read(ctx, async (work) => {
      const account = await this.account(work);
      await this.assertNotThrottled(work, account.email, ip, action, account.id);
      return account;
    });
    if (await verifyPassword(user.passwordHash, password)) return user;
    await this.refuse(ctx, user.email, action, 'wrong-password', user.id);
    throw fieldError(field, 'password.currentIncorrect');
  }

  /** The caller's own account. */
  private async account(work: Work): Promise<Credentials> {
    const user = await work.use(AuthRepository).credentialsById(work.ctx.user.userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return user;
  }

  private passwordChangedNotice(email: string, organisation: string): MailMessage {
    return {
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
    };
  }

  // Two-factor authentication (TOTP) from the security settings

  mfaStatus(ctx: AccessContext): Promise<{ enabled: boolean; recoveryCodesRemaining: number }> {
    return this.uow.read(ctx, async (work) => {
      const user = await this.account(work);
      return {
        enabled: user.mfaEnabled,
        recoveryCodesRemaining: user.mfaEnabled ? await work.use(AuthRepository).unusedRecoveryCodes(user.id) : 0,
      };
    });
  }

  /** A new secret to enrol; MFA stays off until a code from it is confirmed. */
  async startMfaSetup(ctx: AccessContext): Promise<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }> {
    const secret = newTotpSecret();
    const email = await this.uow.write(ctx, async (work) => {
      const user = await this.account(work);
      // Replacing a working second factor needs the password first (disable), not just a session.
      if (user.mfaEnabled) throw new AppError('CONFLICT', AUTH_MESSAGES.mfaAlreadyOn);
      const repository = work.use(AuthRepository);
      await repository.setPendingMfaSecret(user.id, secret, this.now());
      repository.noteAccount('auth.mfa-setup', user.id);
      return user.email;
    });
    return enrolment(secret, (await this.options.organisation()).name, email);
  }

  /** Confirms enrolment with a code; turns MFA on, issues 10 recovery codes (shown once), ends other sessions. */
  async enableMfa(ctx: AccessContext, code: string): Promise<string[]> {
    const { userId, sessionId } = ctx.user;
    const codes = newRecoveryCodes();
    return this.uow.write(ctx, async (work) => {
      const repository = work.use(AuthRepository);
      const user = await this.account(work);
      if (user.mfaEnabled) throw new AppError('CONFLICT', AUTH_MESSAGES.mfaAlreadyOn);
      const pending = user.mfaPendingSecret;
      if (!pending) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.mfaSetupFirst);
      const now = this.now();
      const step = await matchTotp(pending, code, now, null);
      if (step === null) {
        repository.noteRefusal('auth.mfa-enabled', 'mfa-invalid', userId);
        throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.mfaInvalid, { code: 'mfa.invalid' });
      }
      // Another request changed the enrolment meanwhile (a second set-up, or it was enabled already).
      if (!(await repository.enableMfa(userId, pending, step, now))) throw new AppError('CONFLICT', AUTH_MESSAGES.mfaSetupFirst);
      await repository.replaceRecoveryCodes(userId, codes.map(hashRecoveryCode));
      const ended = await repository.revokeSessions(userId, 'two-factor authentication turned on', now, sessionId ?? undefined);
      repository.noteAccount('auth.mfa-enabled', userId, { sessionsEnded: ended });
      return codes;
    });
  }

  async disableMfa(ctx: AccessContext, password: string): Promise<void> {
    const { sessionId } = ctx.user;
    const user = await this.confirmPassword(ctx, password, 'password', 'auth.mfa-disabled');
    await this.uow.write(ctx, async (work) => {
      const repository = work.use(AuthRepository);
      const now = this.now();
      await repository.disableMfa(user.id, now);
      const ended = await repository.revokeSessions(user.id, 'two-factor authentication turned off', now, sessionId ?? undefined);
      repository.noteAccount('auth.mfa-disabled', user.id, { sessionsEnded: ended, wasEnabled: user.mfaEnabled });
    });
  }

  /** New recovery codes; the old ones stop working. */
  async regenerateRecoveryCodes(ctx: AccessContext, password: string): Promise<string[]> {
    const user = await this.confirmPassword(ctx, password, 'password', 'auth.mfa-recovery-codes');
    if (!user.mfaEnabled) throw new AppError('CONFLICT', AUTH_MESSAGES.mfaOff);
    const codes = newRecoveryCodes();
    await this.uow.write(ctx, async (work) => {
      const repository = work.use(AuthRepository);
      await repository.replaceRecoveryCodes(user.id, codes.map(hashRecoveryCode));
      repository.noteAccount('auth.mfa-recovery-codes', user.id);
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
