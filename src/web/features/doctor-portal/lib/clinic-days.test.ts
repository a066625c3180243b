import { describe, expect, it } from 'vitest';
import { clinicDateOf, daysFrom, weekAround } from './clinic-days';

describe('clinic calendar days', () => {
  it('reads an instant’s day on the clinic’s clock, not the browser’s', () => {
    expect(clinicDateOf('2026-11-26T23:30:00Z', 'Asia/Tokyo')).toBe('2026-11-27');
    expect(clinicDateOf('2026-11-26T05:30:00Z', 'America/Los_Angeles')).toBe('2026-11-25');
  });

  it('spans Monday to Sunday, across a month end', () => {
    expect(weekAround('2026-11-26')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekAround('2026-11-30')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(weekAround('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(daysFrom('2026-11-30', '2026-12-02')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
  });
});
