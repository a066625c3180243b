import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { RouteResponse } from '../../../../contracts/http';
import { patientsApi } from '../../../../contracts/patients';
import type { RegistrationPayload } from '../../../../contracts/registration';
import { ApiError } from '../../../lib/api-client';
import { callRoute } from '../../../lib/api-routes';
import { errorText } from '../../../lib/error-text';

// POST /api/patients/register: body the registration payload; answer success, patient, message.

export type RegistrationResponse = RouteResponse<typeof patientsApi.register>;

export function useRegisterPatient() {
  return useMutation({
    mutationFn: (payload: RegistrationPayload) => callRoute(patientsApi.register, { body: payload }),
  });
}

/** The wizard's own sentences, by error code, in the `registration` namespace (failure.*). */
const REGISTRATION_TEXT_BY_CODE: Partial<Record<string, string>> = {
  EMAIL_TAKEN: 'failure.emailTaken',
  VALIDATION_FAILED: 'failure.someFieldsInvalid',
  PASSWORD_TOO_COMMON: 'failure.passwordTooCommon',
  RATE_LIMITED: 'failure.tooManyAttempts',
};

export function isEmailTaken(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'EMAIL_TAKEN';
}

/**
 * What the "Registration Failed" toast says under its title, in the reader's language: the wizard's
 * sentence for the answer's code, else the general sentence for the code, else the default text.
 * Told apart by the code only, never by the server's English message.
 */
export function registrationFailureText(t: TFunction, error: unknown): string {
  const key = error instanceof ApiError && error.code ? REGISTRATION_TEXT_BY_CODE[error.code] : undefined;
  if (key) return t(`registration:${key}`);
  return errorText(t, error, t('registration:failure.default'));
}
