import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileUpdateResponseSchema } from '../../../../contracts/profile';
import { patientsApi } from '../../../../contracts/patients';
import { usersApi } from '../../../../contracts/users';
import { callRoute, routeKey } from '../../../lib/api-routes';
import type { ProfileUpdate } from '../lib/profile-form';

// usersApi.updateProfile: one's own profile only.

export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate): Promise<ProfileUpdateResponse> =>
      callRoute(usersApi.updateProfile, { params: { id: userId }, body: update }),
    // A patient's own chart views (demographics, the whole chart) show what was just saved.
    onSuccess: () => {
      const [own] = routeKey(patientsApi.detail, { params: { id: userId } });
      return queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' && (query.queryKey[0] === own || query.queryKey[0].startsWith(`${own}/`)),
      });
    },
  });
}
