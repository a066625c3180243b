import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { authApi, type mfaSetupResponseSchema, type mfaStatusSchema, type recoveryCodesResponseSchema } from '../../../../contracts/auth';
import type { RouteContract, RouteInput, RouteResponse } from '../../../../contracts/http';
import { callRoute, routeQuery } from '../../../lib/api-routes';

// The security calls of the settings screen (authApi): two-step sign-in with a time-based code, its
// recovery codes, and turning it off.

export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export type MfaSetup = z.infer<typeof mfaSetupResponseSchema>;
export type RecoveryCodes = z.infer<typeof recoveryCodesResponseSchema>;

export const mfaStatusQuery = routeQuery(authApi.mfaStatus, {});

export function useStartMfaSetup() {
  return useMutation({ mutationFn: (): Promise<MfaSetup> => callRoute(authApi.mfaSetup, {}) });
}

/** A change of the second factor; the status is asked for again once it is made. */
function useMfaMutation<C extends RouteContract & { body: z.ZodType }>(contract: C) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInput<C>['body']): Promise<RouteResponse<C>> => callRoute(contract, { body } as RouteInput<C>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQuery.queryKey }),
  });
}

export const useEnableMfa = () => useMfaMutation(authApi.mfaEnable);
export const useDisableMfa = () => useMfaMutation(authApi.mfaDisable);
export const useNewRecoveryCodes = () => useMfaMutation(authApi.recoveryCodes);
