import { keepPreviousData } from '@tanstack/react-query';
import { doctorsApi } from '../../../../contracts/doctors';
import { routeQuery } from '../../../lib/api-routes';

// The doctor directory (GET /api/doctors, with its filters and paging) and one doctor's profile.

export const DIRECTORY_PAGE_SIZE = 12;

export interface DirectoryFilters {
  q: string;
  specialty: string;
  language: string;
  telemedicine: boolean;
  page: number;
}

export function directoryQuery(filters: DirectoryFilters) {
  const query = {
    page: filters.page,
    pageSize: DIRECTORY_PAGE_SIZE,
    q: filters.q.trim() || undefined,
    specialty: filters.specialty || undefined,
    language: filters.language || undefined,
    telemedicine: filters.telemedicine ? ('true' as const) : undefined,
  };
  return {
    ...routeQuery(doctorsApi.list, { query }),
    // The list stays on screen while the next filter's answer arrives.
    placeholderData: keepPreviousData,
  };
}

export function doctorProfileQuery(id: string) {
  return routeQuery(doctorsApi.profile, { params: { id } }, (answer) => answer.data);
}
