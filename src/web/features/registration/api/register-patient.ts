import { useMutation } from '@tanstack/react-query';
import type { RouteResponse } from '../../../../contracts/http';
import { patientsApi } from '../../../../contracts/patients';
import type { RegistrationPayload } from '../../../../contracts/registration';
import { ApiError } from '../../../lib/api-client';
import { callRoute } from '../../../lib/api-routes';

// POST /api/patients/register: body the registration payload; answer success, patient, message.

export type RegistrationResponse = RouteResponse<typeof patientsApi.register>;

export function useRegisterPatient() {
  return useMutation({
    mutationFn: (payload: RegistrationPayload) => callRoute(patientsApi.register, { body: payload }),
  });
}

/** What the "Registration Failed" toast says under its title. */
export type FailureDescription = { kind: 'emailTaken' } | { kind: 'server'; message: string } | { kind: 'default' };

/**
 * The EMAIL_TAKEN code becomes the long duplicate-email text; any other message is shown as it
 * is; without a message, the default text. `genericMessage` is what the api client says when the
 * server gave no text ("An error occurred"): that counts as none.
 */
export function describeRegistrationFailure(error: unknown, genericMessage?: string): FailureDescription {
  if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') return { kind: 'emailTaken' };
  const message = error instanceof Error ? error.message.trim() : '';
  if (message && message !== genericMessage) return { kind: 'server', message };
  return { kind: 'default' };
}
