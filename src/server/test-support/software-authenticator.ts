import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A WebAuthn authenticator in software, for integration tests (the device is outside our code, so
// it is replaced at its boundary; our own server is never mocked). It makes what a browser and a platform authenticator would: a P-256 key pair, a "none"
// attestation with the COSE public key for registration, and ES256-signed assertions for sign-in.
// Tests can bend each part (origin, counter, flags, challenge) to check that the server refuses it.

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface CeremonyOverrides {
  /** The page origin the browser would report; defaults to the authenticator's origin. */
  origin?: string;
  /** Replaces the challenge taken from the options (to answer a challenge the server never issued). */
  challenge?: string;
  /** Authenticator data flags; defaults to user present + user verified. */
  flags?: number;
  /** Signature counter to report; defaults to one more than last time. */
  counter?: number;
  /** RP ID whose hash goes into the authenticator data; defaults to the authenticator's RP ID. */
  rpId?: string;
}

/** The flattened assertion POST /api/biometric/verify takes. */
export type FlatAssertion = {
  credentialId: string;
  authenticatorData: string;
  signature: string;
  clientDataJSON: string;
  userHandle: string | null;
};

export interface RegistrationResponse {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

function sha256(data: Uint8Array | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out;
}

export class SoftwareAuthenticator {
  readonly credentialIdBytes = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The user handle the passkey was created for (from the registration options). */
  userHandle: string | null = null;
  counter = 0;

  constructor(
    readonly origin: string,
    readonly rpId: string = new URL(origin).hostname,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get credentialId(): string {
    return b64url(this.credentialIdBytes);
  }

  /** The COSE_Key (RFC 9053) of the public key: kty EC2, alg ES256, crv P-256, x, y. */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() on options from POST /api/biometric/register/options. */
  createCredential(options: Record<string, unknown>, overrides: CeremonyOverrides = {}): RegistrationResponse {
    const user = options.user as { id?: string } | undefined;
    this.userHandle = user?.id ?? null;
    const clientDataJSON = this.clientData(
      'webauthn.create',
      overrides.challenge ?? String(options.challenge),
      overrides.origin ?? this.origin,
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialIdBytes.length);
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? this.rpId),
      Buffer.from([overrides.flags ?? FLAG_UP | FLAG_UV | FLAG_AT]),
      uint32(overrides.counter ?? this.counter),
      Buffer.alloc(16), // AAGUID: zeros, as "none" attestation reports
      idLength,
      this.credentialIdBytes,
      Buffer.from(this.coseKey()),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get() for a challenge from POST /api/biometric/auth/challenge, flattened for /verify. */
  getAssertion(challenge: string, overrides: CeremonyOverrides = {}): FlatAssertion {
    this.counter = overrides.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData('webauthn.get', overrides.challenge ?? challenge, overrides.origin ?? this.origin);
    const authenticatorData = Buffer.concat([
      sha256(overrides.rpId ?? this.rpId),
      Buffer.from([overrides.flags ?? FLAG_UP | FLAG_UV]),
      uint32(this.counter),
    ]);
    // ES256: ECDSA with SHA-256 over authenticatorData || SHA-256(clientDataJSON), DER-encoded.
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      credentialId: this.credentialId,
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      clientDataJSON: b64url(clientDataJSON),
      userHandle: this.userHandle,
    };
  }
}

export const AUTHENTICATOR_FLAGS = { UP: FLAG_UP, UV: FLAG_UV, AT: FLAG_AT } as const;
