import { useMutation, useQueryClient } from '@tanstack/react-query';
import { systemSettingsApi, type SystemSettingsUpdate } from '../../../../contracts/system-settings';
import { callRoute, routeQuery } from '../../../lib/api-routes';

// The system settings (administrators with system.config). A save answers the new values; a
// refused save (another admin saved first) reloads them, so the form shows what is stored now.

export const systemSettingsQuery = routeQuery(systemSettingsApi.get, {}, (answer) => answer.data);

export function useSaveSystemSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SystemSettingsUpdate) => callRoute(systemSettingsApi.update, { body }),
    onSuccess: (answer) => client.setQueryData(systemSettingsQuery.queryKey, answer.data),
  });
}

export function useReloadSystemSettings() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: systemSettingsQuery.queryKey });
}
