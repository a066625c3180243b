import { z } from 'zod';
import { sessionInfoSchema, successSchema } from './auth';
import { defineRoute } from './http';
import type { ValidationMessageKey } from './validation-messages';
import { sessionUserSchema } from './user';

// Passkeys (WebAuthn) are the login screen's "biometric sign-in": a credential per device, and its calls.
// There is no demo credential: demo accounts sign in with a passkey through the same ceremony as
// everyone else (docs/product.md, sign-in and sessions).

/**
 * This browser's choice about biometric sign-in, kept in localStorage so the login screen knows it
 * before anyone signs in (turned off, its biometric button shows as disabled). 'on' or 'off'; absent means "on if
 * the device can". Written by the security settings, read by the login screen. Not PHI: a switch.
 */
export const PASSKEY_BROWSER_FLAG_KEY = 'caredeck.passkeys';
export type PasskeyBrowserFlag = 'on' | 'off';

/**
 * The server's refusals of a biometric sign-in, in English. The web client recognises
 * them by these exact texts and shows its own translation.
 */
export const BIOMETRIC_MESSAGES = {
  noCredentials: 'No biometric credentials found',
  noEnabledCredentials: 'No enabled biometric credentials',
  failed: 'Biometric authentication failed',
  notAvailable: 'Biometric authentication not available',
} as const;

/**
 * A base64url field of an authenticator's answer. Missing, of another type, empty (where it is
 * needed), too long or with other characters, it is refused with its own message key, so the answer
 * names the field in the reader's language (never zod's English defaults).
 */
const base64url = (message: ValidationMessageKey, { required = true, max = 16_384 } = {}) =>
  z
    .string(message)
    .min(required ? 1 : 0, message)
    .max(max, message)
    .regex(/^[A-Za-z0-9_-]*$/, message);

/** A WebAuthn credential id as a request names it: base64url (the demo ids are too). */
const credentialIdInput = base64url('passkey.credentialIdInvalid', { max: 1024 });

export const biometricCredentialSchema = z.object({
  /** Our id for the passkey (used in PUT/DELETE /api/biometric/credentials/:id). */
  id: z.uuid(),
  /** The WebAuthn credential id, base64url, as the browser reports it. */
  credentialId: z.string(),
  userId: z.uuid(),
  enabled: z.boolean(),
  deviceName: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type BiometricCredential = z.infer<typeof biometricCredentialSchema>;

export const biometricCredentialsResponseSchema = z.object({ success: z.literal(true), credentials: z.array(biometricCredentialSchema) });
export type BiometricCredentialsResponse = z.infer<typeof biometricCredentialsResponseSchema>;

export const biometricCredentialParamsSchema = z.object({ id: z.uuid('passkey.idInvalid') });
export const biometricCredentialResponseSchema = z.object({ success: z.literal(true), credential: biometricCredentialSchema });
export type BiometricCredentialResponse = z.infer<typeof biometricCredentialResponseSchema>;

/** Without a credentialId the browser may offer any passkey it holds for this site (discoverable). */
export const biometricChallengeRequestSchema = z.object({ credentialId: credentialIdInput.optional() }, 'passkey.requestInvalid');
export const biometricChallengeResponseSchema = z.object({
  challenge: z.string(),
  /** PublicKeyCredentialRequestOptionsJSON, passed to the browser as it is. */
  options: z.record(z.string(), z.unknown()),
});
export type BiometricChallengeResponse = z.infer<typeof biometricChallengeResponseSchema>;

/** The assertion's fields, flattened. Every field of the assertion is needed but the user handle. */
export const biometricVerifyRequestSchema = z.object(
  {
    credentialId: credentialIdInput,
    authenticatorData: base64url('passkey.authenticatorDataInvalid'),
    signature: base64url('passkey.signatureInvalid'),
    clientDataJSON: base64url('passkey.clientDataInvalid'),
    userHandle: base64url('passkey.userHandleInvalid', { required: false }).nullable().optional(),
  },
  'passkey.requestInvalid',
);
export type BiometricVerifyRequest = z.infer<typeof biometricVerifyRequestSchema>;

export const biometricVerifyResponseSchema = z.object({
  success: z.literal(true),
  user: sessionUserSchema,
  session: sessionInfoSchema,
  message: z.string(),
});
export type BiometricVerifyResponse = z.infer<typeof biometricVerifyResponseSchema>;

export const biometricUpdateUsageRequestSchema = z.object({ credentialId: credentialIdInput }, 'passkey.requestInvalid');

export const passkeyRegistrationOptionsResponseSchema = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyRegistrationOptionsResponse = z.infer<typeof passkeyRegistrationOptionsResponseSchema>;

/** RegistrationResponseJSON, as @simplewebauthn/browser's startRegistration() returns it. */
export const registrationResponseJsonSchema = z.looseObject(
  {
    id: base64url('passkey.credentialIdInvalid', { max: 1024 }),
    rawId: base64url('passkey.credentialIdInvalid', { max: 1024 }),
    type: z.literal('public-key', 'passkey.typeInvalid'),
    response: z.looseObject(
      {
        clientDataJSON: base64url('passkey.clientDataInvalid'),
        attestationObject: base64url('passkey.attestationInvalid'),
        transports: z
          .array(z.string('passkey.transportsInvalid').max(32, 'passkey.transportsInvalid'), 'passkey.transportsInvalid')
          .max(10, 'passkey.transportsInvalid')
          .optional(),
      },
      'passkey.responseInvalid',
    ),
    clientExtensionResults: z.record(z.string(), z.unknown(), 'passkey.extensionsInvalid').optional(),
    authenticatorAttachment: z.string('passkey.attachmentInvalid').max(32, 'passkey.attachmentInvalid').optional(),
  },
  'passkey.responseInvalid',
);

/** The name someone gives a new passkey ('' for none). */
export const passkeyDeviceNameSchema = z.string('passkey.deviceNameInvalid').trim().max(100, 'text.tooLong');

export const passkeyRegistrationVerifyRequestSchema = z.object(
  {
    response: registrationResponseJsonSchema,
    deviceName: passkeyDeviceNameSchema.optional(),
  },
  'passkey.requestInvalid',
);
export const passkeyUpdateRequestSchema = z.object({ enabled: z.boolean('passkey.enabledInvalid') }, 'passkey.requestInvalid');

// The passkey routes: one's own passkeys (list, turn off and on, remove, register) for the signed-in
// user, whose passkey ids alone they reach (anyone else's answers 404, like a missing one), and
// sign-in with a passkey before anyone is signed in.
export const passkeysApi = {
  credentials: defineRoute({
    method: 'GET',
    path: '/api/biometric/credentials',
    response: biometricCredentialsResponseSchema,
  }),
  setEnabled: defineRoute({
    method: 'PUT',
    path: '/api/biometric/credentials/:id',
    params: biometricCredentialParamsSchema,
    body: passkeyUpdateRequestSchema,
    response: biometricCredentialResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/biometric/credentials/:id',
    params: biometricCredentialParamsSchema,
    response: successSchema,
    errors: ['NOT_FOUND'],
  }),
  registrationOptions: defineRoute({
    method: 'POST',
    path: '/api/biometric/register/options',
    response: passkeyRegistrationOptionsResponseSchema,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/biometric/register/verify',
    body: passkeyRegistrationVerifyRequestSchema,
    response: biometricCredentialResponseSchema,
    status: 201,
    errors: ['BAD_REQUEST', 'CONFLICT'],
  }),
  challenge: defineRoute({
    method: 'POST',
    path: '/api/biometric/auth/challenge',
    body: biometricChallengeRequestSchema,
    response: biometricChallengeResponseSchema,
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/api/biometric/verify',
    body: biometricVerifyRequestSchema,
    response: biometricVerifyResponseSchema,
    errors: ['INVALID_CREDENTIALS'],
  }),
  updateUsage: defineRoute({
    method: 'POST',
    path: '/api/biometric/update-usage',
    body: biometricUpdateUsageRequestSchema,
    response: successSchema,
    errors: ['NOT_FOUND'],
  }),
};
