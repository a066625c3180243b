import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileUpdateResponseSchema } from '../../../../contracts/profile';
import { api } from '../../../lib/api-client';
import type { ProfileUpdate } from '../lib/profile-form';

// PUT /api/user/profile/{id} (spec §7): one's own profile only.

export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

export function useUpdateProfile(userId: string) {
  return useMutation({
    mutationFn: (update: ProfileUpdate) => api.put<ProfileUpdateResponse>(`/user/profile/${encodeURIComponent(userId)}`, update),
  });
}
