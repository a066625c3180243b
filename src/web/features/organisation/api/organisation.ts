import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Clinic, ClinicInput, OrganisationSettings, OrganisationUpdate } from '../../../../contracts/organisation';
import { api } from '../../../lib/api-client';

// Issue 6 item 5: GET/PUT /api/admin/organisation and /api/admin/clinics. A change also refreshes
// the public config the shell, footer and landing page read.

export const organisationQuery = queryOptions({
  queryKey: ['/api/admin/organisation'],
  queryFn: async () => (await api.get<{ data: OrganisationSettings }>('/admin/organisation')).data,
});

export const clinicsQuery = queryOptions({
  queryKey: ['/api/admin/clinics'],
  queryFn: async () => (await api.get<{ data: Clinic[] }>('/admin/clinics')).data,
});

function useRefresh(key: string) {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: [key] }), client.invalidateQueries({ queryKey: ['/api/public/config'] })]);
}

export function useSaveOrganisation() {
  const refresh = useRefresh('/api/admin/organisation');
  return useMutation({
    mutationFn: (body: OrganisationUpdate) => api.put<{ data: OrganisationSettings }>('/admin/organisation', body),
    onSuccess: refresh,
  });
}

export function useSaveClinic() {
  const refresh = useRefresh('/api/admin/clinics');
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ClinicInput }) =>
      id ? api.put<{ data: Clinic }>(`/admin/clinics/${encodeURIComponent(id)}`, body) : api.post<{ data: Clinic }>('/admin/clinics', body),
    onSuccess: refresh,
  });
}

export function useDeleteClinic() {
  const refresh = useRefresh('/api/admin/clinics');
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/admin/clinics/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}
