import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PASSKEY_BROWSER_FLAG_KEY,
  type BiometricCredentialResponse,
  type BiometricCredentialsResponse,
  type PasskeyBrowserFlag,
  type PasskeyRegistrationOptionsResponse,
} from '../../../../contracts/passkeys';
import { api } from '../../../lib/api-client';

// The user's passkeys (what the login screen calls biometric sign-in) for the security settings:
// list, add (options → the device's prompt → verify), turn on/off, remove.

export const PASSKEYS_PATH = '/api/biometric/credentials';

export const passkeysQuery = queryOptions({
  queryKey: [PASSKEYS_PATH],
  queryFn: async () => (await api.get<BiometricCredentialsResponse>(PASSKEYS_PATH)).credentials,
});

/** Tells this browser's login screen whether biometric sign-in is wanted here (see PASSKEY_BROWSER_FLAG_KEY). */
export function setPasskeyBrowserFlag(flag: PasskeyBrowserFlag): void {
  try {
    localStorage.setItem(PASSKEY_BROWSER_FLAG_KEY, flag);
  } catch {
    /* storage unavailable: the login screen falls back to "on if the device can" */
  }
}

/** Why adding a passkey failed: the device's prompt (by DOMException name) or the server. */
export class PasskeyRegistrationError extends Error {
  constructor(
    readonly stage: 'device' | 'server',
    readonly original: unknown,
  ) {
    super(stage);
    this.name = 'PasskeyRegistrationError';
  }
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deviceName: string | undefined) => {
      const { options } = await api.post<PasskeyRegistrationOptionsResponse>('/biometric/register/options', {});
      let response;
      try {
        response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
      } catch (error) {
        throw new PasskeyRegistrationError('device', error);
      }
      const name = deviceName?.trim();
      return (
        await api.post<BiometricCredentialResponse>('/biometric/register/verify', { response, ...(name ? { deviceName: name } : {}) })
      ).credential;
    },
    onSuccess: () => {
      // Registering turns biometric sign-in on for the account (server) and for this browser.
      setPasskeyBrowserFlag('on');
      void queryClient.invalidateQueries({ queryKey: [PASSKEYS_PATH] });
      void queryClient.invalidateQueries({ queryKey: ['/api/user/settings'] });
    },
  });
}

export function useSetPasskeyEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: string; enabled: boolean }) =>
      (await api.put<BiometricCredentialResponse>(`/biometric/credentials/${encodeURIComponent(id)}`, { enabled })).credential,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PASSKEYS_PATH] }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ success: true }>(`/biometric/credentials/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PASSKEYS_PATH] }),
  });
}
