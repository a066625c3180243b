import { describe, expect, it } from 'vitest';
import './zod-without-eval';
import { z } from 'zod';

describe('zod without eval', () => {
  it('is set where zod reads its settings, so no validator is compiled with new Function', () => {
    expect(z.config().jitless).toBe(true);
  });
});
