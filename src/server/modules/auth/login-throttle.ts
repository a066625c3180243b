import { AppError } from '../../platform/app-error';
import type { AuthRepository } from './auth.repository';

// Brute-force limits. Three counters in auth_throttle, so every instance sees the same numbers:
// - account + IP: after 5 failures within 15 minutes the pair is blocked, 30 s doubling with each
//   further failure, at most 15 minutes. It is keyed by IP too, so an attacker hammering an account
//   from elsewhere never locks the real user out of their own address.
// - account, from any address: after 10 failures within 15 minutes every new attempt waits, 30 s
//   doubling with each further failure, at most 15 minutes, so guessing one password from many
//   addresses is as slow as from one. A stranger could keep the account waiting this way, so a
//   browser the user signed in from before (a known device, by its cookie) is let through this
//   delay and its own failures do not add to it: the real user still gets in.
// - IP: after 50 failures within 15 minutes (many accounts from one address) it is blocked 15 minutes.
// A blocked request is refused before the password is checked: the attacker learns nothing.

export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  accountFailures: 5,
  accountBaseBlockMs: 30 * 1000,
  accountMaxBlockMs: 15 * 60 * 1000,
  accountWideFailures: 10,
  ipFailures: 50,
  ipBlockMs: 15 * 60 * 1000,
} as const;

export const RATE_LIMITED_MESSAGE = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/** 429 with how long to wait (Retry-After). */
export class ThrottledError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', RATE_LIMITED_MESSAGE);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function accountKey(email: string, ip: string): string {
  return `acct:${email.trim().toLowerCase()}|ip:${ip}`;
}

/** The account on its own, whatever the address. */
export function accountWideKey(email: string): string {
  return `acct:${email.trim().toLowerCase()}`;
}

export function ipKey(ip: string): string {
  return `ip:${ip}`;
}

/** Block length after the n-th failure of an account+IP pair within the window. */
export function accountBlockMs(failures: number): number {
  if (failures < THROTTLE.accountFailures) return 0;
  return Math.min(THROTTLE.accountBaseBlockMs * 2 ** (failures - THROTTLE.accountFailures), THROTTLE.accountMaxBlockMs);
}

/** Delay after the n-th failure of an account from any address within the window. */
export function accountWideBlockMs(failures: number): number {
  if (failures < THROTTLE.accountWideFailures) return 0;
  return Math.min(THROTTLE.accountBaseBlockMs * 2 ** (failures - THROTTLE.accountWideFailures), THROTTLE.accountMaxBlockMs);
}

/** Whether the attempt comes from a browser the account's user signed in from before. */
export interface AttemptOrigin {
  knownDevice: boolean;
}

export class LoginThrottle {
  constructor(
    private readonly repository: AuthRepository,
    private readonly now: () => Date,
  ) {}

  /** How many seconds to wait while the account+IP pair or the IP is blocked; null when not blocked. */
  async blockedFor(email: string, ip: string, origin: AttemptOrigin = { knownDevice: false }): Promise<number | null> {
    const now = this.now().getTime();
    const keys = [accountKey(email, ip), ipKey(ip)];
    if (!origin.knownDevice) keys.push(accountWideKey(email));
    const rows = await this.repository.throttleRows(keys);
    const waitMs = Math.max(0, ...rows.map((row) => (row.blockedUntil ? row.blockedUntil.getTime() - now : 0)));
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : null;
  }

  async recordFailure(email: string, ip: string, origin: AttemptOrigin = { knownDevice: false }): Promise<void> {
    const now = this.now();
    const account = await this.repository.addFailure(accountKey(email, ip), now, THROTTLE.windowMs);
    const accountBlock = accountBlockMs(account.failures);
    if (accountBlock > 0) await this.repository.blockUntil(account.key, new Date(now.getTime() + accountBlock));

    if (!origin.knownDevice) {
      const wide = await this.repository.addFailure(accountWideKey(email), now, THROTTLE.windowMs);
      const wideBlock = accountWideBlockMs(wide.failures);
      if (wideBlock > 0) await this.repository.blockUntil(wide.key, new Date(now.getTime() + wideBlock));
    }

    const address = await this.repository.addFailure(ipKey(ip), now, THROTTLE.windowMs);
    if (address.failures >= THROTTLE.ipFailures)
      await this.repository.blockUntil(address.key, new Date(now.getTime() + THROTTLE.ipBlockMs));
  }

  /**
   * A successful sign-in clears the pair's record (the IP counter keeps counting other accounts; the
   * account-wide one keeps counting strangers' guesses until its window ends).
   */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.repository.clearThrottle(accountKey(email, ip));
  }
}
