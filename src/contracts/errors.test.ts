import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, errorEnvelopeSchema } from './errors';

describe('ERROR_STATUS', () => {
  it.each([
    ['VALIDATION_FAILED', 400],
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['CSRF_INVALID', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['RATE_LIMITED', 429],
    ['INTERNAL', 500],
  ] as const)('%s → HTTP %i', (code, status) => {
    expect(ERROR_STATUS[code]).toBe(status);
    expect(ERROR_CODES).toContain(code);
  });

  it('maps every code to an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code]).toBeLessThan(600);
    }
  });
});

describe('errorEnvelopeSchema', () => {
  it('accepts an envelope with field messages and rejects one without a code', () => {
    expect(
      errorEnvelopeSchema.safeParse({
        error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { 'address.city': 'City is required' } },
      }).success,
    ).toBe(true);
    expect(errorEnvelopeSchema.safeParse({ error: { message: 'Invalid' } }).success).toBe(false);
  });
});
