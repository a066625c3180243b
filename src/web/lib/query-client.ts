import { QueryClient } from '@tanstack/react-query';
import { backoffDelay, QUERY } from '../../contracts/constants';
import { ApiError, defaultQueryFn } from './api-client';

/**
 * Spec §9: fresh for 5 minutes, no refetch on focus, 3 retries with exponential backoff capped at 30 s.
 * A 4xx answer (other than timeout or rate limit) will not change on retry, so it is not retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY.retries) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.status === 408 || error.status === 429;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: QUERY.staleTimeMs,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay: (attempt) => backoffDelay(attempt, 1000, QUERY.maxRetryDelayMs),
      },
      mutations: { retry: false },
    },
  });
}
