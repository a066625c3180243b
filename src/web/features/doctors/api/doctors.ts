import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DoctorListResponse, DoctorProfile } from '../../../../contracts/doctors';
import { api } from '../../../lib/api-client';

// GET /api/doctors (spec §7, with the directory's filters and paging) and GET /api/doctors/{id}.

export const DIRECTORY_PAGE_SIZE = 12;

export interface DirectoryFilters {
  q: string;
  specialty: string;
  language: string;
  telemedicine: boolean;
  page: number;
}

export function directoryQuery(filters: DirectoryFilters) {
  const params = new URLSearchParams({ page: String(filters.page), pageSize: String(DIRECTORY_PAGE_SIZE) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.specialty) params.set('specialty', filters.specialty);
  if (filters.language) params.set('language', filters.language);
  if (filters.telemedicine) params.set('telemedicine', 'true');
  return queryOptions({
    queryKey: ['/api/doctors', Object.fromEntries(params)],
    queryFn: () => api.get<DoctorListResponse>(`/doctors?${params.toString()}`),
    // The list stays on screen while the next filter's answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function doctorProfileQuery(id: string) {
  return queryOptions({
    queryKey: ['/api/doctors', id],
    queryFn: () => api.get<{ data: DoctorProfile }>(`/doctors/${encodeURIComponent(id)}`).then((answer) => answer.data),
  });
}
