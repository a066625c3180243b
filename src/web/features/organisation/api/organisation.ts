import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationApi, type ClinicInput, type OrganisationUpdate } from '../../../../contracts/organisation';
import { callRoute, routeKey, routeQuery } from '../../../lib/api-routes';

// The organisation's settings and clinics (system.config). A change also refreshes the public
// config the shell, footer and landing page read.

export const organisationQuery = routeQuery(organisationApi.settings, {}, (answer) => answer.data);

export const clinicsQuery = routeQuery(organisationApi.clinics, {}, (answer) => answer.data);

function useRefresh(queryKey: readonly unknown[]) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey }),
      client.invalidateQueries({ queryKey: routeKey(organisationApi.publicConfig, {}) }),
    ]);
}

export function useSaveOrganisation() {
  const refresh = useRefresh(organisationQuery.queryKey);
  return useMutation({
    mutationFn: (body: OrganisationUpdate) => callRoute(organisationApi.updateSettings, { body }),
    onSuccess: refresh,
  });
}

export function useSaveClinic() {
  const refresh = useRefresh(clinicsQuery.queryKey);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ClinicInput }) =>
      id ? callRoute(organisationApi.updateClinic, { params: { id }, body }) : callRoute(organisationApi.createClinic, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteClinic() {
  const refresh = useRefresh(clinicsQuery.queryKey);
  return useMutation({
    mutationFn: (id: string) => callRoute(organisationApi.deleteClinic, { params: { id } }),
    onSuccess: refresh,
  });
}
