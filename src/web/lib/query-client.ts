import { QueryClient } from '@tanstack/react-query';
import { backoffDelay, QUERY } from '../../contracts/constants';
import { ApiError, defaultQueryFn } from './api-client';

/**
 * Fresh for 5 minutes, no refetch on focus, 3 retries with exponential backoff capped at 30 s.
 * A 4xx answer (other than timeout or rate limit) will not change on retry, so it is not retried.
 * A busy server (503) is retried too, after the wait its Retry-After asks for when that is longer.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY.retries) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.status === 408 || error.status === 429;
  return true;
}

/** The wait before retry `attempt`: exponential backoff, but never shorter than the server's Retry-After. */
export function retryDelay(attempt: number, error: unknown): number {
  const backoff = backoffDelay(attempt, 1000, QUERY.maxRetryDelayMs);
  const asked = error instanceof ApiError ? error.retryAfterMs : undefined;
  return asked === undefined ? backoff : Math.min(Math.max(backoff, asked), QUERY.maxRetryDelayMs);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: QUERY.staleTimeMs,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}
