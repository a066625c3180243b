import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { z } from 'zod';

// zod-jitless.ts writes zod's settings without importing zod; zod must read the same object.

describe('zod-jitless', () => {
  it('turns on the setting z.config() reads, so zod never probes for eval', () => {
    expect(z.config().jitless).toBe(true);
  });
});
