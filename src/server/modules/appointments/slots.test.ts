import { describe, expect, it } from 'vitest';
import { freeSlots, MAX_SLOT_SEARCH_DAYS, wallClock, zonedInstant, type WeeklyHours } from './slots';

// 2026-11-23 is a Monday.
const MONDAY_HOURS: WeeklyHours[] = [{ dayOfWeek: 1, startTime: '09:00:00', endTime: '11:00:00', isAvailable: true }];
const base = {
  hours: MONDAY_HOURS,
  busy: [],
  fromDate: '2026-11-23',
  toDate: '2026-11-23',
  clinicTimeZone: 'UTC',
  slotMinutes: 30,
  now: new Date('2026-11-01T00:00:00Z'),
};
const starts = (slots: { startsAt: Date }[]) => slots.map((s) => s.startsAt.toISOString());

describe('freeSlots', () => {
  it('cuts the weekly hours of each matching day into slots that fit entirely', () => {
    const slots = freeSlots({ ...base, hours: [{ ...MONDAY_HOURS[0]!, endTime: '10:45' }] });
    expect(starts(slots)).toEqual(['2026-11-23T09:00:00.000Z', '2026-11-23T09:30:00.000Z', '2026-11-23T10:00:00.000Z']);
    expect(slots[0]!.endsAt.toISOString()).toBe('2026-11-23T09:30:00.000Z');
  });

  it('keeps only the doctor’s slots lying wholly inside the clinic’s hours of the day, on the doctor’s grid', () => {
    const open = (open: string, close: string) => ({ open, close });
    const clinicHours = [null, open('09:15', '10:30'), open('08:00', '18:00'), null, null, null, null];
    expect(starts(freeSlots({ ...base, clinicHours }))).toEqual(['2026-11-23T09:30:00.000Z', '2026-11-23T10:00:00.000Z']);
    // A Monday the clinic is closed offers nothing, whatever the doctor's hours.
    expect(freeSlots({ ...base, clinicHours: [null, null, null, null, null, null, null] })).toEqual([]);
    // Open until midnight.
    const late = freeSlots({
      ...base,
      hours: [{ ...MONDAY_HOURS[0]!, startTime: '23:00', endTime: '24:00' }],
      clinicHours: [null, open('00:00', '24:00'), null, null, null, null, null],
    });
    expect(starts(late)).toEqual(['2026-11-23T23:00:00.000Z', '2026-11-23T23:30:00.000Z']);
    // In the clinic's zone: 09:30 in Berlin is 08:30Z in winter.
    const berlin = freeSlots({ ...base, clinicTimeZone: 'Europe/Berlin', clinicHours });
    expect(starts(berlin)).toEqual(['2026-11-23T08:30:00.000Z', '2026-11-23T09:00:00.000Z']);
  });

  it('offers nothing on days without hours or with hours marked unavailable', () => {
    expect(freeSlots({ ...base, fromDate: '2026-11-24', toDate: '2026-11-29' })).toEqual([]);
    expect(freeSlots({ ...base, hours: [{ ...MONDAY_HOURS[0]!, isAvailable: false }] })).toEqual([]);
  });

  it('leaves out slots overlapping a booking or time off, even partly', () => {
    const slots = freeSlots({
      ...base,
      busy: [
        { startsAt: new Date('2026-11-23T09:00:00Z'), endsAt: new Date('2026-11-23T09:45:00Z') },
        { startsAt: new Date('2026-11-23T10:30:00Z'), endsAt: new Date('2026-11-24T00:00:00Z') },
      ],
    });
    expect(starts(slots)).toEqual(['2026-11-23T10:00:00.000Z']);
  });

  it('walks a fixed number of days at most, whatever range it is given', () => {
    const everyDay: WeeklyHours[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ ...MONDAY_HOURS[0]!, dayOfWeek }));
    // Two centuries asked: the search still ends after MAX_SLOT_SEARCH_DAYS days of 4 slots each.
    const slots = freeSlots({ ...base, hours: everyDay, toDate: '2200-12-31' });
    expect(slots).toHaveLength(MAX_SLOT_SEARCH_DAYS * 4);
    expect(slots.at(-1)!.startsAt.getTime()).toBeLessThan(Date.parse('2026-11-23T00:00:00Z') + MAX_SLOT_SEARCH_DAYS * 86_400_000);
    // Days at the very end of what a Date holds, or no day at all, end the search at once.
    expect(freeSlots({ ...base, hours: everyDay, fromDate: '9999-12-31', toDate: '+010000-01' })).toHaveLength(4);
    expect(freeSlots({ ...base, hours: everyDay, fromDate: 'NaN', toDate: '2026-11-30' })).toEqual([]);
  });

  it('never offers a slot that has started or lies in the past', () => {
    const slots = freeSlots({ ...base, now: new Date('2026-11-23T10:00:00Z') });
    expect(starts(slots)).toEqual(['2026-11-23T10:30:00.000Z']);
  });

  it('reads the hours as wall-clock times of the clinic zone, across a daylight-saving change', () => {
    const hours: WeeklyHours[] = [{ dayOfWeek: 0, startTime: '09:00', endTime: '09:30', isAvailable: true }];
    // Europe/Berlin: UTC+2 on Sunday 2026-10-18, UTC+1 from Sunday 2026-10-25.
    const slots = freeSlots({
      ...base,
      hours,
      fromDate: '2026-10-18',
      toDate: '2026-10-25',
      clinicTimeZone: 'Europe/Berlin',
      now: new Date(0),
    });
    expect(starts(slots)).toEqual(['2026-10-18T07:00:00.000Z', '2026-10-25T08:00:00.000Z']);
  });

  it('keeps only slots inside the asked window', () => {
    const slots = freeSlots({ ...base, notBefore: new Date('2026-11-23T09:30:00Z'), notAfter: new Date('2026-11-23T10:30:00Z') });
    expect(starts(slots)).toEqual(['2026-11-23T09:30:00.000Z', '2026-11-23T10:00:00.000Z']);
  });
});

describe('zonedInstant', () => {
  it('maps a wall-clock time in a zone to its UTC instant', () => {
    expect(zonedInstant('2026-11-23', '09:30', 'America/New_York')?.toISOString()).toBe('2026-11-23T14:30:00.000Z');
    expect(zonedInstant('2026-11-23', '09:30', 'Asia/Kolkata')?.toISOString()).toBe('2026-11-23T04:00:00.000Z');
    expect(wallClock(new Date('2026-11-23T04:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-23T09:30');
  });

  it('answers null for a time skipped when clocks go forward', () => {
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin')).toBeNull();
  });
});
