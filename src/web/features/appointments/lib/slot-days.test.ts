import { describe, expect, it } from 'vitest';
import { appointment } from '../../../lib/clinical/testing';
import { addDays, changeState, groupByDay, wallClockOf } from './slot-days';

describe('slot days', () => {
  it('groups UTC slots by the days and times of the patient’s zone', () => {
    const slots = [
      { startsAt: '2030-03-12T23:30:00.000Z' },
      { startsAt: '2030-03-12T09:00:00.000Z' },
      { startsAt: '2030-03-13T01:00:00.000Z' },
    ];
    expect(groupByDay(slots, 'America/New_York')).toEqual([
      {
        date: '2030-03-12',
        slots: [
          { startsAt: '2030-03-12T09:00:00.000Z', time: '05:00' },
          { startsAt: '2030-03-12T23:30:00.000Z', time: '19:30' },
          { startsAt: '2030-03-13T01:00:00.000Z', time: '21:00' },
        ],
      },
    ]);
    expect(groupByDay(slots, 'Asia/Tokyo').map((d) => d.date)).toEqual(['2030-03-12', '2030-03-13']);
  });

  it('reads an instant’s wall clock and steps calendar days', () => {
    expect(wallClockOf('2030-03-12T23:30:00.000Z', 'Asia/Kolkata')).toEqual({ date: '2030-03-13', time: '05:00' });
    expect(addDays('2030-02-27', 2)).toBe('2030-03-01');
  });

  it('lets the patient change only requested or scheduled visits more than a day ahead', () => {
    const now = new Date('2030-03-10T12:00:00.000Z');
    expect(changeState(appointment({ startsAt: '2030-03-12T12:00:00.000Z' }), now)).toBe('open');
    expect(changeState(appointment({ startsAt: '2030-03-11T06:00:00.000Z' }), now)).toBe('too-late');
    expect(changeState(appointment({ startsAt: '2030-03-12T12:00:00.000Z', status: 'cancelled' }), now)).toBe('closed');
  });
});
