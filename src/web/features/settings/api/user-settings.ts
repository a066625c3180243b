import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userSettingsResponseSchema, userSettingsUpdateSchema } from '../../../../contracts/user-settings';
import { api } from '../../../lib/api-client';

// GET/PUT /api/user/settings: theme, language and security flags of the signed-in user.

export type UserSettingsResponse = z.infer<typeof userSettingsResponseSchema>;
export type UserSettingsUpdate = z.input<typeof userSettingsUpdateSchema>;

export const USER_SETTINGS_PATH = '/api/user/settings';

export const userSettingsQuery = queryOptions({
  // The default query uses its first key as the GET URL; the theme sync reads the same key.
  queryKey: [USER_SETTINGS_PATH],
  queryFn: () => api.get<UserSettingsResponse>(USER_SETTINGS_PATH),
});

export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UserSettingsUpdate) => api.put<UserSettingsResponse>(USER_SETTINGS_PATH, update),
    onSuccess: (answer) => queryClient.setQueryData(userSettingsQuery.queryKey, answer),
  });
}
