import { queryOptions } from '@tanstack/react-query';
import { authApi, type LoginRequest, type LoginResponse } from '../../../../contracts/auth';
import { demoAccountsResponseSchema, demoApi, type DemoAccount } from '../../../../contracts/demo';
import { callRoute, routeKey } from '../../../lib/api-routes';

// The sign-in screens' calls, through authApi (the server is src/server/modules/auth).

export function login(body: LoginRequest): Promise<LoginResponse> {
  return callRoute(authApi.login, { body });
}

export function requestPasswordReset(email: string): Promise<{ success: true; message: string }> {
  return callRoute(authApi.forgotPassword, { body: { email } });
}

export type ResetPasswordAnswer = { success: true; message: string } | { success: false; mfaRequired: true };

export function resetPassword(body: {
  token: string;
  newPassword: string;
  mfaCode?: string;
  recoveryCode?: string;
}): Promise<ResetPasswordAnswer> {
  return callRoute(authApi.resetPassword, { body });
}

/** The MFA demo account's code changes every 30 s; the list is read again every 10 s. */
export const DEMO_ACCOUNTS_REFETCH_MS = 10_000;

export const demoAccountsQuery = queryOptions({
  queryKey: routeKey(demoApi.accounts, {}),
  // A poll: it must not keep anyone's server session alive.
  queryFn: async (): Promise<DemoAccount[]> =>
    demoAccountsResponseSchema.parse(await callRoute(demoApi.accounts, {}, { background: true })).data,
  staleTime: 0,
  refetchInterval: (query) => (query.state.data?.some((account) => account.mfa) ? DEMO_ACCOUNTS_REFETCH_MS : false),
  refetchIntervalInBackground: false,
});
