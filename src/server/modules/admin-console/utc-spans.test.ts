import { describe, expect, it } from 'vitest';
import { utcSpans } from './utc-spans';

const at = (iso: string) => new Date(iso);

describe('a period split into whole UTC months, whole UTC days and the hours at its ends', () => {
  it('reads a year in Kathmandu as its whole months, the days around them and the 5¾ hours at each end', () => {
    // 1 December 2025 to 30 November 2026 in Kathmandu (+05:45).
    expect(utcSpans(at('2025-11-30T18:15:00Z'), at('2026-11-30T18:15:00Z'))).toEqual({
      months: ['2025-12-01', '2026-11-01'],
      days: [['2026-11-01', '2026-11-30']],
      instants: [
        [at('2025-11-30T18:15:00Z'), at('2025-12-01T00:00:00Z')],
        [at('2026-11-30T00:00:00Z'), at('2026-11-30T18:15:00Z')],
      ],
    });
  });

  it('uses days alone when no whole month lies inside, and nothing but the instants when no whole day does', () => {
    expect(utcSpans(at('2026-02-25T05:00:00Z'), at('2026-03-11T04:00:00Z'))).toEqual({
      months: null,
      days: [['2026-02-26', '2026-03-11']],
      instants: [
        [at('2026-02-25T05:00:00Z'), at('2026-02-26T00:00:00Z')],
        [at('2026-03-11T00:00:00Z'), at('2026-03-11T04:00:00Z')],
      ],
    });
    expect(utcSpans(at('2026-03-08T05:00:00Z'), at('2026-03-09T04:00:00Z'))).toEqual({
      months: null,
      days: [],
      instants: [[at('2026-03-08T05:00:00Z'), at('2026-03-09T04:00:00Z')]],
    });
  });

  it('needs no instants in UTC, and no days when the period is whole months', () => {
    expect(utcSpans(at('2026-01-01T00:00:00Z'), at('2026-04-01T00:00:00Z'))).toEqual({
      months: ['2026-01-01', '2026-04-01'],
      days: [],
      instants: [],
    });
  });
});
