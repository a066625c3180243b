import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, defaultQueryFn } from './api-client';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('retries network failures and 5xx answers up to 3 times', () => {
    for (const error of [
      new ApiError('offline', 0, 'NETWORK'),
      new ApiError('boom', 500),
      new ApiError('bad gateway', 502),
      new TypeError('Failed to fetch'),
    ]) {
      expect([0, 1, 2, 3].map((count) => shouldRetry(count, error))).toEqual([true, true, true, false]);
    }
  });

  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 422]) {
      expect(shouldRetry(0, new ApiError('no', status))).toBe(false);
    }
  });

  it('retries 408 (timeout) and 429 (rate limited) up to 3 times', () => {
    for (const status of [408, 429]) {
      expect(shouldRetry(0, new ApiError('later', status))).toBe(true);
      expect(shouldRetry(2, new ApiError('later', status))).toBe(true);
      expect(shouldRetry(3, new ApiError('later', status))).toBe(false);
    }
  });
});

describe('createQueryClient', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps data fresh 5 minutes, does not refetch on focus, and uses the shared retry rule and URL fetch', () => {
    const queries = createQueryClient().getDefaultOptions().queries!;
    expect(queries.staleTime).toBe(5 * 60 * 1000);
    expect(queries.refetchOnWindowFocus).toBe(false);
    expect(queries.retry).toBe(shouldRetry);
    expect(queries.queryFn).toBe(defaultQueryFn);
  });

  it('doubles the retry delay from 1 s and caps it at 30 s', () => {
    const { retryDelay } = createQueryClient().getDefaultOptions().queries!;
    if (typeof retryDelay !== 'function') throw new Error('retryDelay should be a function');
    const error = new ApiError('boom', 500);
    expect([0, 1, 2, 3, 4].map((attempt) => retryDelay(attempt, error))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(retryDelay(5, error)).toBe(30_000);
    expect(retryDelay(12, error)).toBe(30_000);
  });

  it('does not retry mutations', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });

  it('runs a failing 5xx query 4 times in all (3 retries with backoff) before giving up', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(new ApiError('unavailable', 503));
    const outcome = client.fetchQuery({ queryKey: ['/api/doctors'], queryFn }).catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000 + 4000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    await expect(outcome).resolves.toBeInstanceOf(ApiError);
  });

  it('gives up on a 404 at once', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(new ApiError('not found', 404));
    await expect(client.fetchQuery({ queryKey: ['/api/missing'], queryFn })).rejects.toMatchObject({ status: 404 });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('retries a read refused as busy after the Retry-After wait, and succeeds once the server takes it', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const busy = new ApiError('busy', 503, 'SERVER_BUSY', undefined, 5000);
    const queryFn = vi.fn().mockRejectedValueOnce(busy).mockRejectedValueOnce(busy).mockResolvedValue({ data: [] });
    const outcome = client.fetchQuery({ queryKey: ['/api/appointments'], queryFn });

    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    // Backoff alone would retry after 1 s; the server asked for 5 s.
    await vi.advanceTimersByTimeAsync(4999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await expect(outcome).resolves.toEqual({ data: [] });
  });
});

describe('retryDelay', () => {
  it('waits at least what Retry-After asked, never more than the 30 s cap', () => {
    expect(retryDelay(0, new ApiError('busy', 503, 'SERVER_BUSY', undefined, 2000))).toBe(2000);
    expect(retryDelay(3, new ApiError('busy', 503, 'SERVER_BUSY', undefined, 2000))).toBe(8000);
    expect(retryDelay(0, new ApiError('busy', 503, 'SERVER_BUSY', undefined, 120_000))).toBe(30_000);
    expect(retryDelay(1, new ApiError('boom', 500))).toBe(2000);
  });
});
