import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userSettingsResponseSchema, userSettingsUpdateSchema } from '../../../../contracts/user-settings';
import { usersApi } from '../../../../contracts/users';
import { callRoute, routeQuery } from '../../../lib/api-routes';

// The signed-in user's settings (usersApi.settings / updateSettings): theme, language and security flags.

export type UserSettingsResponse = z.infer<typeof userSettingsResponseSchema>;
export type UserSettingsUpdate = z.input<typeof userSettingsUpdateSchema>;

// The default query uses its first key as the GET URL; the theme sync reads the same key.
export const userSettingsQuery = routeQuery(usersApi.settings, {});

export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UserSettingsUpdate): Promise<UserSettingsResponse> => callRoute(usersApi.updateSettings, { body: update }),
    onSuccess: (answer) => queryClient.setQueryData(userSettingsQuery.queryKey, answer),
  });
}
