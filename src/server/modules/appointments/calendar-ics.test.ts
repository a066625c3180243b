import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, fold } from './calendar-ics';

const event = {
  uid: '0b7f3e4c-1111-4222-8333-944445555666@caredeck',
  stamp: new Date('2026-11-24T07:00:00.123Z'),
  start: new Date('2026-11-25T09:30:00Z'),
  end: new Date('2026-11-25T10:00:00Z'),
  summary: 'Appointment with Dr. Ana Ruiz',
  location: 'Caredeck Clinic, 1 Main St; Floor 2',
  status: 'CONFIRMED' as const,
  sequence: 0,
};

describe('calendarFile', () => {
  it('writes one VEVENT with UTC times, CRLF line ends and the required properties', () => {
    const ics = calendarFile(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Caredeck//Appointments//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ]);
    expect(ics).toContain('\r\nUID:0b7f3e4c-1111-4222-8333-944445555666@caredeck\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261124T070000Z\r\n');
    expect(ics).toContain('\r\nDTSTART:20261125T093000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20261125T100000Z\r\n');
    expect(ics).toContain('\r\nLOCATION:Caredeck Clinic\\, 1 Main St\\; Floor 2\r\n');
    expect(ics).toContain('\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n');
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('escapes backslashes, separators and new lines in text', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = fold(line);
    const pieces = folded.split('\r\n');
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(new TextEncoder().encode(piece).length).toBeLessThanOrEqual(75);
    expect(pieces.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(pieces.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(fold('SHORT:line')).toBe('SHORT:line');
  });
});
