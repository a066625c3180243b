import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import {
  passkeysApi,
  type BiometricChallengeResponse,
  type BiometricVerifyRequest,
  type BiometricVerifyResponse,
} from '../../../../contracts/passkeys';
import { ApiError, resetCsrfToken } from '../../../lib/api-client';
import { callRoute } from '../../../lib/api-routes';

// The passkey sign-in calls (passkeysApi), in the order the login screen makes them: a challenge,
// the device's prompt (startAuthentication), the verification, then the usage note. Every way it can
// fail becomes one of the reasons below, which the button shows in the reader's language.

export type BiometricFailureReason =
  | 'notAvailable'
  | 'noCredentials'
  | 'noEnabledCredentials'
  | 'cancelled'
  | 'invalidState'
  | 'notSupported'
  | 'security'
  | 'authError'
  | 'rateLimited'
  | 'network';

export class BiometricFailure extends Error {
  constructor(readonly reason: BiometricFailureReason) {
    super(reason);
    this.name = 'BiometricFailure';
  }
}

/** The browser's WebAuthn errors, by DOMException name. */
export function reasonOfBrowserError(error: unknown): BiometricFailureReason {
  const name = error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'AbortError':
      return 'cancelled';
    case 'InvalidStateError':
      return 'invalidState';
    case 'NotSupportedError':
      return 'notSupported';
    case 'SecurityError':
      return 'security';
    default:
      return 'authError';
  }
}

/** The server's refusals of /verify, told apart by their code. */
export function reasonOfVerifyError(error: unknown): BiometricFailureReason {
  if (!(error instanceof ApiError)) return 'authError';
  if (error.status === 0) return 'network';
  if (error.status === 429) return 'rateLimited';
  if (error.code === 'PASSKEY_UNKNOWN') return 'noCredentials';
  if (error.code === 'PASSKEY_DISABLED') return 'noEnabledCredentials';
  // Biometric sign-in switched off on the server.
  if (error.status === 404) return 'notAvailable';
  return 'authError';
}

async function verify(body: BiometricVerifyRequest): Promise<BiometricVerifyResponse> {
  try {
    const answer = await callRoute(passkeysApi.verify, { body });
    // A new session brings a new CSRF token.
    resetCsrfToken();
    return answer;
  } catch (error) {
    throw new BiometricFailure(reasonOfVerifyError(error));
  }
}

/** The passkey's last use, noted after success. Best effort: the sign-in has already happened. */
async function recordUsage(credentialId: string): Promise<void> {
  try {
    await callRoute(passkeysApi.updateUsage, { body: { credentialId } });
  } catch {
    /* the last-used date is a convenience; never fail a sign-in over it */
  }
}

/** Signs in with a passkey this device holds for the site (discoverable: no account is named first). */
export async function signInWithPasskey(): Promise<BiometricVerifyResponse> {
  let challenge: BiometricChallengeResponse;
  try {
    challenge = await callRoute(passkeysApi.challenge, { body: {} });
  } catch (error) {
    throw new BiometricFailure(error instanceof ApiError && error.status === 429 ? 'rateLimited' : 'notAvailable');
  }

  let assertion;
  try {
    assertion = await startAuthentication({ optionsJSON: challenge.options as unknown as PublicKeyCredentialRequestOptionsJSON });
  } catch (error) {
    throw new BiometricFailure(reasonOfBrowserError(error));
  }

  const result = await verify({
    credentialId: assertion.id,
    authenticatorData: assertion.response.authenticatorData,
    signature: assertion.response.signature,
    clientDataJSON: assertion.response.clientDataJSON,
    userHandle: assertion.response.userHandle ?? null,
  });
  await recordUsage(assertion.id);
  return result;
}
