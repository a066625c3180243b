import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSKEY_BROWSER_FLAG_KEY, passkeysApi, type PasskeyBrowserFlag } from '../../../../contracts/passkeys';
import { usersApi } from '../../../../contracts/users';
import type { RouteInput } from '../../../../contracts/http';
import { callRoute, routeKey, routeQuery } from '../../../lib/api-routes';

// The user's passkeys (biometric credentials on the server) for the security settings: list, add
// (options → the device's prompt → verify), turn on/off, remove; through passkeysApi.

/** The cached list's key, which a removal edits in place before the list is asked for again. */
export const PASSKEYS_KEY = routeKey(passkeysApi.credentials, {});

export const passkeysQuery = routeQuery(passkeysApi.credentials, {}, (answer) => answer.credentials);

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
      const { options } = await callRoute(passkeysApi.registrationOptions, {});
      let response;
      try {
        response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
      } catch (error) {
        throw new PasskeyRegistrationError('device', error);
      }
      const name = deviceName?.trim();
      // The browser's own type of the answer says less than the contract's shape; the server checks it.
      const answer = response as unknown as RouteInput<typeof passkeysApi.register>['body']['response'];
      const body = { response: answer, ...(name ? { deviceName: name } : {}) };
      return (await callRoute(passkeysApi.register, { body })).credential;
    },
    onSuccess: () => {
      // Registering turns biometric sign-in on for the account (server) and for this browser.
      setPasskeyBrowserFlag('on');
      void queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
      void queryClient.invalidateQueries({ queryKey: routeKey(usersApi.settings, {}) });
    },
  });
}

export function useSetPasskeyEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: string; enabled: boolean }) =>
      (await callRoute(passkeysApi.setEnabled, { params: { id }, body: { enabled } })).credential,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(passkeysApi.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}
