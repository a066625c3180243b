import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { mfaSetupResponseSchema, mfaStatusSchema, recoveryCodesResponseSchema } from '../../../../contracts/auth';
import { api } from '../../../lib/api-client';

// The security calls of the settings screen: password change and two-step sign-in (TOTP).

export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export type MfaSetup = z.infer<typeof mfaSetupResponseSchema>;
export type RecoveryCodes = z.infer<typeof recoveryCodesResponseSchema>;

export const mfaStatusQuery = queryOptions({
  queryKey: ['/api/auth/mfa'],
  queryFn: () => api.get<MfaStatus>('/auth/mfa'),
});

export function useStartMfaSetup() {
  return useMutation({ mutationFn: () => api.post<MfaSetup>('/auth/mfa/setup') });
}

function useMfaMutation<TBody, TAnswer>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => api.post<TAnswer>(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQuery.queryKey }),
  });
}

export const useEnableMfa = () => useMfaMutation<{ code: string }, RecoveryCodes>('/auth/mfa/enable');
export const useDisableMfa = () => useMfaMutation<{ password: string }, { success: true }>('/auth/mfa/disable');
export const useNewRecoveryCodes = () => useMfaMutation<{ password: string }, RecoveryCodes>('/auth/mfa/recovery-codes');
