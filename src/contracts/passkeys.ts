import { z } from 'zod';
import { sessionInfoSchema } from './auth';
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

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);

/** A WebAuthn credential id as a request names it: base64url (the demo ids are too). */
const credentialIdInput = z
  .string()
  .min(1, 'choice.invalid')
  .max(1024, 'choice.invalid')
  .regex(/^[A-Za-z0-9_-]+$/, 'choice.invalid');

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

export const biometricCredentialParamsSchema = z.object({ id: z.uuid() });
export const biometricCredentialResponseSchema = z.object({ success: z.literal(true), credential: biometricCredentialSchema });
export type BiometricCredentialResponse = z.infer<typeof biometricCredentialResponseSchema>;

/** Without a credentialId the browser may offer any passkey it holds for this site (discoverable). */
export const biometricChallengeRequestSchema = z.object({ credentialId: credentialIdInput.optional() });
export const biometricChallengeResponseSchema = z.object({
  challenge: z.string(),
  /** PublicKeyCredentialRequestOptionsJSON, passed to the browser as it is. */
  options: z.record(z.string(), z.unknown()),
});
export type BiometricChallengeResponse = z.infer<typeof biometricChallengeResponseSchema>;

/** The assertion's fields, flattened. Every field of the assertion is needed. */
export const biometricVerifyRequestSchema = z.object({
  credentialId: credentialIdInput,
  authenticatorData: base64url.optional(),
  signature: base64url.optional(),
  clientDataJSON: base64url.optional(),
  userHandle: base64url.nullable().optional(),
});
export type BiometricVerifyRequest = z.infer<typeof biometricVerifyRequestSchema>;

export const biometricVerifyResponseSchema = z.object({
  success: z.literal(true),
  user: sessionUserSchema,
  session: sessionInfoSchema,
  message: z.string(),
});
export type BiometricVerifyResponse = z.infer<typeof biometricVerifyResponseSchema>;

export const biometricUpdateUsageRequestSchema = z.object({ credentialId: credentialIdInput });

export const passkeyRegistrationOptionsResponseSchema = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyRegistrationOptionsResponse = z.infer<typeof passkeyRegistrationOptionsResponseSchema>;

/** RegistrationResponseJSON, as @simplewebauthn/browser's startRegistration() returns it. */
export const registrationResponseJsonSchema = z.looseObject({
  id: base64url.min(1).max(1024),
  rawId: base64url.min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  authenticatorAttachment: z.string().max(32).optional(),
});

export const passkeyRegistrationVerifyRequestSchema = z.object({
  response: registrationResponseJsonSchema,
  deviceName: z.string().trim().max(100, 'text.tooLong').optional(),
});
export const passkeyUpdateRequestSchema = z.object({ enabled: z.boolean() });
