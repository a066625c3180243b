import { useMutation } from '@tanstack/react-query';
import type { RouteResponse } from '../../../../contracts/http';
import { patientsApi } from '../../../../contracts/patients';
import type { RegistrationPayload } from '../../../../contracts/registration';
import { VALIDATION_MESSAGES_EN } from '../../../../contracts/validation-messages';
import { ApiError } from '../../../lib/api-client';
import { callRoute } from '../../../lib/api-routes';
import { wizardFieldOf } from './registration-payload';

// POST /api/patients/register: body the registration payload; answer success, patient, message.

export type RegistrationResponse = RouteResponse<typeof patientsApi.register>;

export function useRegisterPatient() {
  return useMutation({
    mutationFn: (payload: RegistrationPayload) => callRoute(patientsApi.register, { body: payload }),
  });
}

/** What the failure toast says (spec §8 "Registration Failed - ..."). */
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

const KEY_BY_ENGLISH = new Map<string, string>(Object.entries(VALIDATION_MESSAGES_EN).map(([key, text]) => [text, key]));

/**
 * The server's field errors (ApiError.fields: payload path → English message), keyed by the
 * wizard field it belongs to. A message the validation catalogue knows becomes its key again, so it
 * is shown in the reader's language; any other message is kept as the server wrote it.
 */
export function serverFieldErrors(error: unknown): Record<string, { key?: string; text: string }> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const fields: Record<string, { key?: string; text: string }> = {};
  for (const [path, text] of Object.entries(error.fields)) {
    const field = wizardFieldOf(path);
    fields[field] ??= { key: KEY_BY_ENGLISH.get(text), text };
  }
  return fields;
}
