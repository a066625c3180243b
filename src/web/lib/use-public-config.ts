import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../contracts/public-config';

/** The deployment's name, support address and demo flag (GET /api/public/config). */
export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: ['/api/public/config'], staleTime: 10 * 60 * 1000 });
}
