import { describe, expect, it } from 'vitest';
import { backoffDelay, ERROR_HANDLING, QUERY } from './constants';

describe('backoffDelay', () => {
  it('is base × 2^attempt', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, 2000))).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffDelay(0, 1000)).toBe(1000);
    expect(backoffDelay(4, 1000)).toBe(16000);
  });

  it('is capped at the maximum', () => {
    expect(backoffDelay(4, 1000, QUERY.maxRetryDelayMs)).toBe(16000);
    expect(backoffDelay(5, 1000, QUERY.maxRetryDelayMs)).toBe(30000);
    expect(backoffDelay(20, 1000, QUERY.maxRetryDelayMs)).toBe(30000);
  });

  it('is uncapped without a maximum', () => {
    expect(backoffDelay(10, 1000)).toBe(1_024_000);
  });
});

describe('business constants', () => {
  it('matches the error-handling and query limits', () => {
    expect(ERROR_HANDLING).toMatchObject({
      maxRetries: 3,
      routeMaxRetries: 2,
      retryDelayMs: 2000,
      portalRetryDelayMs: 3000,
      maskedEmailVisibleChars: 3,
    });
    expect(QUERY).toEqual({ staleTimeMs: 300_000, retries: 3, maxRetryDelayMs: 30_000 });
  });
});
