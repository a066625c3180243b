import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { z } from 'zod';
import { AUTH } from '../../../contracts/constants';
import {
  BIOMETRIC_MESSAGES,
  type BiometricCredential,
  type BiometricVerifyRequest,
  type registrationResponseJsonSchema,
} from '../../../contracts/passkeys';
import type { SessionUser } from '../../../contracts/user';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { UsersService } from '../users/users.service';
import { BiometricRepository, type CredentialRow, type Refusal } from './biometric.repository';
import type { RelyingParty } from './relying-party';

/** A challenge is good for one ceremony, for five minutes. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const TRANSPORTS: readonly string[] = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];

export type SignInMethod = 'passkey';

export interface BiometricServiceOptions {
  relyingParty: RelyingParty;
  now?: () => Date;
}

export function toBiometricCredential(row: CredentialRow): BiometricCredential {
  return {
    id: row.id,
    credentialId: row.credentialId,
    userId: row.userId,
    enabled: row.enabled,
    deviceName: row.deviceName,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

// The WebAuthn library is large and only a passkey ceremony needs it: it loads with the first one,
// not with the server. The encodings around it are Node's own.
const webauthn = () => import('@simplewebauthn/server');

/** The challenge a ceremony signed, read from its clientDataJSON; null when it cannot be read. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge !== '' ? challenge : null;
  } catch {
    return null;
  }
}

function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId) as Uint8Array<ArrayBuffer>;
}

/** What a successful passkey sign-in opens: the account, and the welcome to show. */
export interface SignedIn {
  userId: string;
  method: SignInMethod;
  user: SessionUser;
  message: string;
}

function refused(refusal: Refusal): AppError {
  return new AppError(refusal.code, refusal.message);
}

/**
 * Passkeys, the product's "biometric sign-in": registration from the security settings,
 * management of one's own passkeys, and sign-in with one. Each ceremony's challenge is used up
 * whatever its outcome: a refused ceremony commits its write (the used challenge and the noted
 * failure) and is answered with the refusal afterwards.
 */
export class BiometricService {
  private readonly now: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersService,
    private readonly options: BiometricServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  listCredentials(ctx: AccessContext): Promise<BiometricCredential[]> {
    return this.uow.read(ctx, async (work) => (await work.use(BiometricRepository).own()).map(toBiometricCredential));
  }

  // --- Registration (signed in) -------------------------------------------------------------

  registrationOptions(ctx: AccessContext): Promise<Record<string, unknown>> {
    return this.uow.write(ctx, async (work) => {
      const passkeys = work.use(BiometricRepository);
      const identity = await passkeys.ownIdentity();
      if (!identity) throw AppError.notFound();
      const existing = await passkeys.own();
      const { relyingParty } = this.options;
      const options = await (
        await webauthn()
      ).generateRegistrationOptions({
        rpName: relyingParty.name,
        rpID: relyingParty.id,
        userName: identity.email,
        userDisplayName: `${identity.firstName} ${identity.lastName}`,
        // The user handle is our user id (a uuid, no personal data): a discoverable passkey names its
        // owner, which sign-in checks against the credential's owner.
        userID: userHandleOf(identity.id),
        timeout: AUTH.biometricPromptTimeoutMs,
        attestationType: 'none',
        // The same authenticator is not registered twice for one user.
        excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await this.issue(passkeys, options.challenge, 'registration');
      return { ...options };
    });
  }

  async register(
    ctx: AccessContext,
    response: z.infer<typeof registrationResponseJsonSchema>,
    deviceName: string | undefined,
  ): Promise<BiometricCredential> {
    const outcome = await this.uow.write(ctx, async (work): Promise<Refusal | { ok: true; credential: BiometricCredential }> => {
      const passkeys = work.use(BiometricRepository);
      const challenge = challengeOf(response.response.clientDataJSON);
      // Only a challenge this server issued to this user, unexpired and unused; taken out either way.
      const issued = challenge !== null && (await passkeys.consumeChallenge(challenge, 'registration', this.now()));
      if (!issued) return passkeys.registrationRefused('challenge', 'BAD_REQUEST', 'This passkey setup has expired. Please try again.');

      let verification;
      try {
        verification = await (
          await webauthn()
        ).verifyRegistrationResponse({
          response: { ...response, clientExtensionResults: response.clientExtensionResults ?? {} } as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: this.options.relyingParty.origins,
          expectedRPID: this.options.relyingParty.id,
          // Sign-in requires user verification (see verifySignIn), so a passkey that cannot verify
          // the user would never work: refuse it now rather than store a dead credential.
          requireUserVerification: true,
        });
      } catch {
        verification = null;
      }
      if (!verification?.verified) {
        return passkeys.registrationRefused('verification', 'BAD_REQUEST', 'The passkey could not be verified. Please try again.');
      }

      const { credential } = verification.registrationInfo;
      const transports = (response.response.transports ?? credential.transports ?? []).filter((t) => TRANSPORTS.includes(t));
      const row = await passkeys.add({
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports,
        deviceName: deviceName && deviceName !== '' ? deviceName : null,
      });
      if (!row) return passkeys.registrationRefused('duplicate', 'CONFLICT', 'This passkey is already registered.');
      // Registering a passkey is asking for biometric sign-in (the settings' security.biometricEnabled).
      await this.users.updateSettingsIn(work, { security: { biometricEnabled: true } });
      return { ok: true, credential: toBiometricCredential(row) };
    });
    if (!outcome.ok) throw refused(outcome);
    return outcome.credential;
  }

  // --- Managing one's own passkeys (signed in) ------------------------------------------------

  setEnabled(ctx: AccessContext, id: string, enabled: boolean): Promise<BiometricCredential> {
    return this.uow.write(ctx, async (work) => toBiometricCredential(await work.use(BiometricRepository).setEnabled(id, enabled)));
  }

  remove(ctx: AccessContext, id: string): Promise<void> {
    return this.uow.write(ctx, (work) => work.use(BiometricRepository).remove(id));
  }

  /** Sent by the browser after a successful sign-in. */
  updateUsage(ctx: AccessContext, credentialId: string): Promise<void> {
    return this.uow.write(ctx, (work) => work.use(BiometricRepository).touchUsage(credentialId, this.now()));
  }

  // --- Sign-in (before a session exists) ------------------------------------------------------

  /** A challenge for the login screen: for anyone, as the caller is not signed in yet. */
  async authenticationChallenge(
    ctx: AccessContext,
    credentialId: string | undefined,
  ): Promise<{ challenge: string; options: Record<string, unknown> }> {
    const options = await (
      await webauthn()
    ).generateAuthenticationOptions({
      rpID: this.options.relyingParty.id,
      // With a credential id the browser asks for that passkey; without, for any passkey it holds
      // for this site (discoverable). Whether the id exists is not revealed here.
      allowCredentials: credentialId ? [{ id: credentialId }] : [],
      userVerification: 'required',
      timeout: AUTH.biometricPromptTimeoutMs,
    });
    await this.uow.write(ctx, (work) => this.issue(work.use(BiometricRepository), options.challenge, 'authentication'));
    return { challenge: options.challenge, options: { ...options } };
  }

  /**
   * Checks a sign-in assertion and answers whose account it opens, with the welcome. The caller
   * starts the session. It runs for a caller who is not signed in (or is signed in as someone
   * else, whose session the new one replaces): the passkey alone says whose account it is.
   *
   * A passkey sign-in satisfies MFA on its own: the challenge demands user verification, so the
   * assertion proves possession of the device key (something you have) and a successful biometric
   * or device PIN check (something you are / know). Accounts with TOTP therefore get no second prompt.
   */
  async verifySignIn(ctx: AccessContext, request: BiometricVerifyRequest): Promise<SignedIn> {
    // The contract has refused a missing or malformed field already, each with its own message.
    const { credentialId, authenticatorData, signature, clientDataJSON } = request;

    const outcome = await this.uow.write(ctx, async (work): Promise<Refusal | ({ ok: true } & SignedIn)> => {
      const passkeys = work.use(BiometricRepository);
      // The challenge first: whatever happens next, an answered challenge is used up (single use).
      const challenge = challengeOf(clientDataJSON);
      const issued = challenge !== null && (await passkeys.consumeChallenge(challenge, 'authentication', this.now()));

      const found = await passkeys.findByCredentialId(credentialId);
      if (!found) return passkeys.signInRefused('unknown_credential', BIOMETRIC_MESSAGES.noCredentials, undefined, 'PASSKEY_UNKNOWN');
      const { credential } = found;
      if (!found.userActive) return passkeys.signInRefused('inactive_user', BIOMETRIC_MESSAGES.failed, credential);
      if (!credential.enabled)
        return passkeys.signInRefused('credential_disabled', BIOMETRIC_MESSAGES.noEnabledCredentials, credential, 'PASSKEY_DISABLED');
      if (!found.biometricEnabled)
        return passkeys.signInRefused('biometric_off', BIOMETRIC_MESSAGES.noEnabledCredentials, credential, 'PASSKEY_DISABLED');
      if (!issued || challenge === null) return passkeys.signInRefused('challenge', BIOMETRIC_MESSAGES.failed, credential);
      // A discoverable passkey names its owner; it must be the credential's owner.
      if (request.userHandle && Buffer.from(request.userHandle, 'base64url').toString('utf8') !== credential.userId) {
        return passkeys.signInRefused('user_handle', BIOMETRIC_MESSAGES.failed, credential);
      }

      const response: AuthenticationResponseJSON = {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: { authenticatorData, signature, clientDataJSON, userHandle: request.userHandle ?? undefined },
        clientExtensionResults: {},
      };
      let verification;
      try {
        verification = await (
          await webauthn()
        ).verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: this.options.relyingParty.origins,
          expectedRPID: this.options.relyingParty.id,
          credential: {
            id: credential.credentialId,
            publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
            counter: credential.counter,
            transports: credential.transports,
          },
          requireUserVerification: true,
        });
      } catch (error) {
        // The library refuses a counter that did not move forward: a cloned authenticator.
        const reason = error instanceof Error && /counter/i.test(error.message) ? 'counter' : 'verification';
        return passkeys.signInRefused(reason, BIOMETRIC_MESSAGES.failed, credential);
      }
      if (!verification.verified) return passkeys.signInRefused('signature', BIOMETRIC_MESSAGES.failed, credential);

      const advanced = await passkeys.advanceCounter(
        credential.id,
        credential.counter,
        verification.authenticationInfo.newCounter,
        this.now(),
      );
      if (!advanced) return passkeys.signInRefused('counter', BIOMETRIC_MESSAGES.failed, credential);
      const user = await this.users.sessionUserIn(work, credential.userId);
      return { ok: true, userId: credential.userId, method: 'passkey', user, message: `Welcome back, ${user.firstName}!` };
    });
    if (!outcome.ok) throw refused(outcome);
    return { userId: outcome.userId, method: outcome.method, user: outcome.user, message: outcome.message };
  }

  private async issue(passkeys: BiometricRepository, challenge: string, purpose: 'registration' | 'authentication'): Promise<void> {
    const now = this.now();
    await passkeys.issueChallenge(challenge, purpose, now, new Date(now.getTime() + CHALLENGE_TTL_MS));
  }
}
