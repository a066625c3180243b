import { z } from 'zod';
import { AUTH } from './constants';
import { EARLY_ROUTES } from './early-routes';
import { defineRoute } from './http';
import { passwordStrength } from './password-strength';
import { sessionUserSchema } from './user';

// Requests and answers of the sign-in, session and password calls, with their input rules
// (docs/product.md, Sign-in and sessions).
// Messages are keys of VALIDATION_MESSAGES_EN (validation-messages.ts).

export const emailSchema = z.string().trim().min(1, 'email.required').max(320, 'email.invalid').pipe(z.email('email.invalid'));

export const loginPasswordSchema = z
  .string()
  .min(1, 'password.required')
  .min(AUTH.passwordMinLength, 'password.tooShort')
  .max(200, 'password.tooLong');

export const mfaCodeSchema = z
  .string()
  .trim()
  .min(1, 'mfa.required')
  .regex(new RegExp(`^\\d{${AUTH.mfaCodeLength}}$`), 'mfa.invalidFormat');

/** Recovery codes are shown as XXXXX-XXXXX; case and the dash do not matter when typed. */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .min(1, 'recoveryCode.invalid')
  .max(40, 'recoveryCode.invalid')
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase());

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
  mfaCode: mfaCodeSchema.optional(),
  recoveryCode: recoveryCodeSchema.optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const sessionInfoSchema = z.object({
  /** When the session ends if nothing happens (30-minute sliding inactivity timeout). */
  expiresAt: z.string(),
  /** When the session ends whatever happens (12 hours after sign-in). */
  absoluteExpiresAt: z.string(),
  /** The inactivity timeout in force (the system settings may change it): the browser counts the same. */
  inactivityTimeoutMs: z.number().int().positive().optional(),
  /** Present when the user's role must use a second factor and they have none: only setting it up is allowed. */
  mfaEnrolmentRequired: z.literal(true).optional(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const loginResponseSchema = z.union([
  z.object({ success: z.literal(true), user: sessionUserSchema, session: sessionInfoSchema }),
  z.object({ success: z.literal(false), mfaRequired: z.literal(true) }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema, session: sessionInfoSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * GET /api/auth/session answers "user, error": nobody signed in is an ordinary answer (200,
 * user null), not a failed request, so a visitor's first page load logs no error.
 */
export const noSessionResponseSchema = z.object({ user: z.null(), session: z.null(), error: z.literal('No server session') });
export const sessionCheckResponseSchema = z.union([sessionResponseSchema, noSessionResponseSchema]);

export const successSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

/** A new password: at least 3 of 5 strength rules, and not a well-known password. */
export const newPasswordSchema = z
  .string()
  .min(1, 'password.required')
  .max(200, 'password.tooLong')
  .refine((value) => passwordStrength(value) >= AUTH.passwordStrengthRequired, 'password.weak');

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(20, 'token.invalid').max(200, 'token.invalid'),
  newPassword: newPasswordSchema,
  mfaCode: mfaCodeSchema.optional(),
  recoveryCode: recoveryCodeSchema.optional(),
});

/** The reset page's form: the new password, strong enough, typed twice (the confirmation stays in the browser). */
export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string().min(1, 'password.required') })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'password.mismatch',
    // Said even while the new password itself is refused, so both messages show at once.
    when: ({ value }) => {
      const v = value as { newPassword?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.newPassword === 'string' && typeof v?.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  });

export const resetPasswordResponseSchema = z.union([
  z.object({ success: z.literal(true), message: z.string() }),
  z.object({ success: z.literal(false), mfaRequired: z.literal(true) }),
]);

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'password.currentRequired').max(200, 'password.tooLong'),
  newPassword: newPasswordSchema,
});

/**
 * A password change ends every session of the user and signs this browser in again with a new
 * session (new cookie and CSRF token): the answer carries the refreshed user (isFirstTimeLogin false).
 */
export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  user: sessionUserSchema,
  session: sessionInfoSchema,
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** The form adds the confirmation, checked only in the browser. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'password.currentRequired'),
    newPassword: z.string().min(1, 'password.required'),
    confirmPassword: z.string().min(1, 'password.required'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'password.newMismatch' })
  .refine((v) => passwordStrength(v.newPassword) >= AUTH.passwordStrengthRequired, { path: ['newPassword'], message: 'password.weak' });

export const csrfTokenResponseSchema = z.object({ csrfToken: z.string() });

// MFA (TOTP, RFC 6238) enrolment and management, from the security settings.
export const mfaStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesRemaining: z.number().int() });
export const mfaSetupResponseSchema = z.object({ secret: z.string(), otpauthUri: z.string(), qrCodeDataUrl: z.string() });
export const mfaEnableRequestSchema = z.object({ code: mfaCodeSchema });
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const passwordConfirmationSchema = z.object({ password: z.string().min(1, 'password.required').max(200, 'password.tooLong') });

export const authApi = {
  login: defineRoute({
    ...EARLY_ROUTES.authLogin,
    body: loginRequestSchema,
    response: loginResponseSchema,
    errors: ['INVALID_CREDENTIALS', 'MFA_INVALID'],
  }),
  logout: defineRoute({ ...EARLY_ROUTES.authLogout, response: successSchema }),
  session: defineRoute({ ...EARLY_ROUTES.authSession, response: sessionCheckResponseSchema }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: forgotPasswordRequestSchema,
    response: successMessageSchema,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: resetPasswordRequestSchema,
    response: resetPasswordResponseSchema,
    errors: ['TOKEN_INVALID', 'MFA_INVALID'],
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/auth/change-password',
    body: changePasswordRequestSchema,
    response: changePasswordResponseSchema,
  }),
  mfaStatus: defineRoute({ method: 'GET', path: '/api/auth/mfa', response: mfaStatusSchema }),
  mfaSetup: defineRoute({ method: 'POST', path: '/api/auth/mfa/setup', response: mfaSetupResponseSchema, errors: ['CONFLICT'] }),
  mfaEnable: defineRoute({
    method: 'POST',
    path: '/api/auth/mfa/enable',
    body: mfaEnableRequestSchema,
    response: recoveryCodesResponseSchema,
    errors: ['CONFLICT', 'BAD_REQUEST'],
  }),
  mfaDisable: defineRoute({ method: 'POST', path: '/api/auth/mfa/disable', body: passwordConfirmationSchema, response: successSchema }),
  recoveryCodes: defineRoute({
    method: 'POST',
    path: '/api/auth/mfa/recovery-codes',
    body: passwordConfirmationSchema,
    response: recoveryCodesResponseSchema,
    errors: ['CONFLICT'],
  }),
};
