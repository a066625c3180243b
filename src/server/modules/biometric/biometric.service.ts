import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
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
import type { AuditEventInput, AuditLog } from '../../platform/audit';
import type { UsersService } from '../users/users.service';
import type { BiometricRepository, CredentialRow } from './biometric.repository';
import type { RelyingParty } from './relying-party';

/** Where and by whom, for the audit log (requestAuditContext of the route's request). */
export type AuditContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'userAgent' | 'requestId'>;

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

/** The challenge a ceremony signed, read from its clientDataJSON; null when it cannot be read. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge !== '' ? challenge : null;
  } catch {
    return null;
  }
}

function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return isoUint8Array.fromUTF8String(userId) as Uint8Array<ArrayBuffer>;
}

/**
 * Passkeys, the spec's "biometric sign-in": registration from the
 * security settings, management of one's own passkeys, and sign-in with one.
 */
export class BiometricService {
  private readonly now: () => Date;

  constructor(
    private readonly repository: BiometricRepository,
    private readonly users: UsersService,
    private readonly audit: AuditLog,
    private readonly options: BiometricServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async listCredentials(userId: string): Promise<BiometricCredential[]> {
    return (await this.repository.listForUser(userId)).map(toBiometricCredential);
  }

  // --- Registration (signed in) -------------------------------------------------------------

  async registrationOptions(userId: string): Promise<Record<string, unknown>> {
    const identity = await this.repository.findUserIdentity(userId);
    if (!identity) throw AppError.notFound();
    const existing = await this.repository.listForUser(userId);
    const { relyingParty } = this.options;
    const options = await generateRegistrationOptions({
      rpName: relyingParty.name,
      rpID: relyingParty.id,
      userName: identity.email,
      userDisplayName: `${identity.firstName} ${identity.lastName}`,
      // The user handle is our user id (a uuid, no personal data): a discoverable passkey names its
      // owner, which sign-in checks against the credential's owner.
      userID: userHandleOf(userId),
      timeout: AUTH.biometricPromptTimeoutMs,
      attestationType: 'none',
      // The same authenticator is not registered twice for one user.
      excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.storeChallenge(options.challenge, 'registration', userId);
    return { ...options };
  }

  async register(
    userId: string,
    response: z.infer<typeof registrationResponseJsonSchema>,
    deviceName: string | undefined,
    context: AuditContext,
    ctx: AccessContext,
  ): Promise<BiometricCredential> {
    const challenge = challengeOf(response.response.clientDataJSON);
    // Only a challenge this server issued to this user, unexpired and unused; taken out either way.
    const issued = challenge !== null && (await this.repository.consumeChallenge(challenge, 'registration', userId, this.now()));
    if (!issued) {
      await this.auditRegistration(context, 'failure', null, 'challenge');
      throw new AppError('BAD_REQUEST', 'This passkey setup has expired. Please try again.');
    }

    let verification;
    try {
      verification = await verifyRegistrationResponse({
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
      await this.auditRegistration(context, 'failure', null, 'verification');
      throw new AppError('BAD_REQUEST', 'The passkey could not be verified. Please try again.');
    }

    const { credential } = verification.registrationInfo;
    const transports = (response.response.transports ?? credential.transports ?? []).filter((t) => TRANSPORTS.includes(t));
    const row = await this.repository.insert({
      userId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports,
      deviceName: deviceName && deviceName !== '' ? deviceName : null,
    });
    if (!row) {
      await this.auditRegistration(context, 'failure', null, 'duplicate');
      throw new AppError('CONFLICT', 'This passkey is already registered.');
    }
    // Registering a passkey is asking for biometric sign-in (spec §3 security.biometricEnabled).
    await this.users.updateSettings(ctx, { security: { biometricEnabled: true } });
    await this.auditRegistration(context, 'success', row.id);
    return toBiometricCredential(row);
  }

  // --- Managing one's own passkeys (signed in) ------------------------------------------------

  async setEnabled(userId: string, id: string, enabled: boolean, context: AuditContext): Promise<BiometricCredential> {
    const row = await this.repository.setEnabled(userId, id, enabled);
    await this.audit.record({
      ...context,
      action: 'passkey.update',
      outcome: row ? 'success' : 'failure',
      resourceType: 'passkey',
      resourceId: id,
      details: row ? { enabled } : { reason: 'not_found' },
    });
    // Someone else's passkey answers exactly like a missing one.
    if (!row) throw AppError.notFound();
    return toBiometricCredential(row);
  }

  async remove(userId: string, id: string, context: AuditContext): Promise<void> {
    const row = await this.repository.delete(userId, id);
    await this.audit.record({
      ...context,
      action: 'passkey.delete',
      outcome: row ? 'success' : 'failure',
      resourceType: 'passkey',
      resourceId: id,
      details: row ? null : { reason: 'not_found' },
    });
    if (!row) throw AppError.notFound();
  }

  /** Spec §7 update-usage, sent by the browser after a successful sign-in. */
  async updateUsage(userId: string, credentialId: string): Promise<void> {
    const row = await this.repository.touchUsage(userId, credentialId, this.now());
    if (!row) throw AppError.notFound();
  }

  // --- Sign-in (before a session exists) ------------------------------------------------------

  async authenticationChallenge(credentialId: string | undefined): Promise<{ challenge: string; options: Record<string, unknown> }> {
    const options = await generateAuthenticationOptions({
      rpID: this.options.relyingParty.id,
      // With a credential id the browser asks for that passkey; without, for any passkey it holds
      // for this site (discoverable). Whether the id exists is not revealed here.
      allowCredentials: credentialId ? [{ id: credentialId }] : [],
      userVerification: 'required',
      timeout: AUTH.biometricPromptTimeoutMs,
    });
    await this.storeChallenge(options.challenge, 'authentication', null);
    return { challenge: options.challenge, options: { ...options } };
  }

  /**
   * Checks a sign-in assertion and answers whose account it opens. The caller starts the session.
   *
   * A passkey sign-in satisfies MFA on its own: the challenge demands user verification, so the
   * assertion proves possession of the device key (something you have) and a successful biometric
   * or device PIN check (something you are / know). Accounts with TOTP therefore get no second prompt.
   */
  async verifySignIn(request: BiometricVerifyRequest, context: AuditContext): Promise<{ userId: string; method: SignInMethod }> {
    const { credentialId, authenticatorData, signature, clientDataJSON } = request;
    const fail = async (reason: string, message: string, credential?: CredentialRow): Promise<never> => {
      await this.audit.record({
        ...context,
        action: 'auth.sign-in',
        outcome: 'failure',
        resourceType: credential ? 'passkey' : null,
        resourceId: credential?.id ?? null,
        details: { method: 'passkey', reason },
      });
      throw new AppError('INVALID_CREDENTIALS', message);
    };

    if (!authenticatorData || !signature || !clientDataJSON) {
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', {
        ...(authenticatorData ? {} : { authenticatorData: 'Required' }),
        ...(signature ? {} : { signature: 'Required' }),
        ...(clientDataJSON ? {} : { clientDataJSON: 'Required' }),
      });
    }

    // The challenge first: whatever happens next, an answered challenge is used up (single use).
    const challenge = challengeOf(clientDataJSON);
    const issued = challenge !== null && (await this.repository.consumeChallenge(challenge, 'authentication', null, this.now()));

    const found = await this.repository.findByCredentialId(credentialId);
    if (!found) return fail('unknown_credential', BIOMETRIC_MESSAGES.noCredentials);
    const { credential } = found;
    if (!found.userActive) return fail('inactive_user', BIOMETRIC_MESSAGES.failed, credential);
    if (!credential.enabled) return fail('credential_disabled', BIOMETRIC_MESSAGES.noEnabledCredentials, credential);
    if (!found.biometricEnabled) return fail('biometric_off', BIOMETRIC_MESSAGES.noEnabledCredentials, credential);
    if (!issued || challenge === null) return fail('challenge', BIOMETRIC_MESSAGES.failed, credential);
    // A discoverable passkey names its owner; it must be the credential's owner.
    if (request.userHandle && isoUint8Array.toUTF8String(isoBase64URL.toBuffer(request.userHandle)) !== credential.userId) {
      return fail('user_handle', BIOMETRIC_MESSAGES.failed, credential);
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
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.options.relyingParty.origins,
        expectedRPID: this.options.relyingParty.id,
        credential: {
          id: credential.credentialId,
          publicKey: isoBase64URL.toBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports,
        },
        requireUserVerification: true,
      });
    } catch (error) {
      // The library refuses a counter that did not move forward: a cloned authenticator.
      const reason = error instanceof Error && /counter/i.test(error.message) ? 'counter' : 'verification';
      return fail(reason, BIOMETRIC_MESSAGES.failed, credential);
    }
    if (!verification.verified) return fail('signature', BIOMETRIC_MESSAGES.failed, credential);

    const advanced = await this.repository.advanceCounter(
      credential.id,
      credential.counter,
      verification.authenticationInfo.newCounter,
      this.now(),
    );
    if (!advanced) return fail('counter', BIOMETRIC_MESSAGES.failed, credential);
    return { userId: credential.userId, method: 'passkey' };
  }

  /** The answer after sign-in: the user and the spec's welcome (spec §7 "Welcome back, {firstName}!"). */
  async welcome(ctx: AccessContext, userId: string): Promise<{ user: SessionUser; message: string }> {
    const user = await this.users.sessionUser(ctx, userId);
    return { user, message: `Welcome back, ${user.firstName}!` };
  }

  private async storeChallenge(challenge: string, purpose: 'registration' | 'authentication', userId: string | null): Promise<void> {
    const now = this.now();
    await this.repository.deleteExpiredChallenges(now);
    await this.repository.insertChallenge({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
  }

  private async auditRegistration(
    context: AuditContext,
    outcome: 'success' | 'failure',
    credentialRowId: string | null,
    reason?: string,
  ): Promise<void> {
    await this.audit.record({
      ...context,
      action: 'passkey.register',
      outcome,
      resourceType: 'passkey',
      resourceId: credentialRowId,
      details: reason ? { reason } : null,
    });
  }
}
