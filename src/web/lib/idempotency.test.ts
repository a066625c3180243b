import { describe, expect, it } from 'vitest';
import { actionKeys } from './idempotency';

describe('actionKeys', () => {
  it('keeps the key of an unfinished action for its retry, and makes a new one for another action', () => {
    const keys = actionKeys();
    const first = keys.keyFor({ doctorId: 'd1', time: '09:00' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.keyFor({ doctorId: 'd1', time: '09:00' })).toBe(first);
    const other = keys.keyFor({ doctorId: 'd1', time: '09:30' });
    expect(other).not.toBe(first);
  });

  it('starts a new action once the last one succeeded', () => {
    const keys = actionKeys();
    const first = keys.keyFor({ id: 'a1' });
    keys.done();
    expect(keys.keyFor({ id: 'a1' })).not.toBe(first);
  });
});
