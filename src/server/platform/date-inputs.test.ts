import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedApp, type IsolatedActor, type IsolatedApp, type IsolatedRequest } from '../test-support/isolated-app';

// No date can stall the server or break it: every route that takes a date, a range or a cursor is
// fed extreme and malformed values (year 0, 9999, 275760, negative years, NaN, reversed and huge
// ranges, text that is no date at all) and must answer within a time limit with 2xx or 4xx. The
// app runs in a child process, so a request that loops forever fails this test instead of freezing
// it. The limit is a stall detector, far above any real answer; speed is measured in bench/.

const STALL_MS = 15_000;
const RUNS = 25;

let isolated: IsolatedApp;

beforeAll(async () => {
  isolated = await startIsolatedApp();
});

afterAll(async () => {
  await isolated?.close();
});

const DAY = 86_400_000;
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** A year written the way ISO 8601 would: four digits, or a sign and six for the far past and future. */
function yearText(year: number): string {
  if (year >= 0 && year <= 9999) return String(year).padStart(4, '0');
  return `${year < 0 ? '-' : '+'}${String(Math.abs(year)).padStart(6, '0')}`;
}

const EXTREMES = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '2201-01-01',
  '9999-12-31',
  '9999-12-30',
  '+275760-09-13',
  '275760-09-13',
  '-000001-01-01',
  '-271821-04-20',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  'NaN',
  'Infinity',
  '-1',
  '1e21',
  'null',
  '',
  'today',
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  '2026-01-01T25:00:00Z',
  '2026-01-01T00:00:00+99:00',
];

/** Every extreme as a one-day range, as the start and as the end of a range from tomorrow: always tried. */
const EXAMPLES: [string, string][] = EXTREMES.flatMap((extreme) => [
  [extreme, extreme],
  [extreme, dayFromToday(1)],
  [dayFromToday(1), extreme],
]);

const extremeDay = fc.oneof(
  fc.constantFrom(...EXTREMES),
  fc
    .tuple(fc.integer({ min: -300_000, max: 300_000 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${yearText(y)}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  fc.integer({ min: -100, max: 900 }).map(dayFromToday),
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.string({ maxLength: 40 }),
);

const q = encodeURIComponent;

interface DateRoute {
  name: string;
  actor: IsolatedActor;
  request(from: string, to: string): Omit<IsolatedRequest, 'id' | 'actor'>;
}

function routes(): DateRoute[] {
  const { doctorId, appointmentId, userIds } = isolated.fixtures;
  return [
    {
      name: 'free slots',
      actor: 'patient',
      request: (from, to) => ({ method: 'GET', url: `/api/doctors/${doctorId}/slots?from=${q(from)}&to=${q(to)}` }),
    },
    {
      name: 'free slots in a zone',
      actor: 'patient',
      request: (from, to) => ({
        method: 'GET',
        url: `/api/doctors/${doctorId}/slots?from=${q(from)}&to=${q(to)}&timeZone=Pacific%2FKiritimati`,
      }),
    },
    {
      name: 'booking',
      actor: 'patient',
      request: (date) => ({
        method: 'POST',
        url: '/api/appointments',
        payload: { doctorId, date, time: '10:00', timeZone: 'Pacific/Kiritimati', type: 'video', reason: 'Check-up' },
      }),
    },
    {
      name: 'rescheduling',
      actor: 'patient',
      request: (date) => ({ method: 'PUT', url: `/api/appointments/${appointmentId}`, payload: { date, time: '10:00', timeZone: 'UTC' } }),
    },
    { name: 'audit log', actor: 'admin', request: (from, to) => ({ method: 'GET', url: `/api/audit/events?from=${q(from)}&to=${q(to)}` }) },
    {
      name: 'audit export',
      actor: 'admin',
      request: (from, to) => ({ method: 'GET', url: `/api/audit/events.csv?from=${q(from)}&to=${q(to)}` }),
    },
    {
      name: 'grant until',
      actor: 'admin',
      request: (expiresAt) => ({
        method: 'POST',
        url: `/api/users/${userIds.staff}/permissions`,
        payload: { permission: 'billing.view', expiresAt },
      }),
    },
    {
      name: 'profile date of birth',
      actor: 'patient',
      request: (dateOfBirth) => ({ method: 'PUT', url: `/api/user/profile/${userIds.patient}`, payload: { dateOfBirth } }),
    },
    {
      name: 'registration date of birth',
      actor: 'anonymous',
      request: (dateOfBirth) => ({
        method: 'POST',
        url: '/api/patients/register',
        payload: {
          firstName: 'Amara',
          lastName: 'Okafor',
          email: `amara.${randomUUID()}@example.org`,
          password: 'Harbour-Lights#42',
          phone: '+1 555 010 2233',
          dateOfBirth,
          gender: 'female',
          address: '12 Elm Street, Springfield, IL 62701',
        },
      }),
    },
    {
      name: 'error report time',
      actor: 'anonymous',
      request: (timestamp) => ({
        method: 'POST',
        url: '/api/error-reports',
        payload: {
          id: randomUUID(),
          timestamp,
          errorType: 'component',
          error: { message: 'x' },
          severity: 'low',
          isRecoverable: true,
          recoveryAttempts: 0,
        },
      }),
    },
    // Routes added after the first ones: analytics, reports, the doctor's schedule, the front desk,
    // leave, the waitlist, weekly hours, tasks, the patient directory and the car park's day.
    {
      name: 'analytics period',
      actor: 'admin',
      request: (from, to) => ({ method: 'GET', url: `/api/admin/analytics?from=${q(from)}&to=${q(to)}` }),
    },
    {
      name: 'report download',
      actor: 'admin',
      request: (from, to) => ({ method: 'GET', url: `/api/reports/appointments?format=csv&from=${q(from)}&to=${q(to)}` }),
    },
    {
      name: 'audit trail report',
      actor: 'admin',
      request: (from, to) => ({ method: 'GET', url: `/api/reports/audit-trail?format=pdf&from=${q(from)}&to=${q(to)}` }),
    },
    {
      name: 'doctor schedule',
      actor: 'doctor',
      request: (from, to) => ({ method: 'GET', url: `/api/doctor/schedule?from=${q(from)}&to=${q(to)}` }),
    },
    {
      name: 'staff booking',
      actor: 'staff',
      request: (date) => ({
        method: 'POST',
        url: '/api/staff/appointments',
        payload: {
          patientId: userIds.patient,
          doctorId,
          date,
          time: '10:00',
          timeZone: 'Pacific/Kiritimati',
          type: 'in-person',
          reason: 'Check-up',
        },
      }),
    },
    {
      name: 'staff rescheduling',
      actor: 'staff',
      request: (date) => ({
        method: 'PUT',
        url: `/api/staff/appointments/${appointmentId}`,
        payload: { date, time: '10:00', timeZone: 'UTC' },
      }),
    },
    {
      name: 'approval with a move',
      actor: 'staff',
      request: (date) => ({
        method: 'POST',
        url: `/api/appointments/${appointmentId}/approve`,
        payload: { move: { date, time: '10:00', timeZone: 'UTC' } },
      }),
    },
    {
      name: 'leave request',
      actor: 'doctor',
      request: (startDate, endDate) => ({
        method: 'POST',
        url: '/api/leave/requests',
        payload: { type: 'vacation', startDate, endDate, reason: 'Away' },
      }),
    },
    {
      name: 'time off in weekly hours',
      actor: 'doctor',
      request: (startDate, endDate) => ({
        method: 'PUT',
        url: '/api/doctors/availability',
        payload: { weekly: [], timeOff: [{ startDate, endDate }] },
      }),
    },
    {
      name: 'waitlist latest day',
      actor: 'patient',
      request: (latestDate) => ({
        method: 'POST',
        url: '/api/waitlist',
        payload: { doctorId, latestDate, type: 'in-person', reason: 'Check-up' },
      }),
    },
    {
      name: 'task due date',
      actor: 'staff',
      request: (dueDate) => ({ method: 'POST', url: '/api/tasks', payload: { title: 'Call back', dueDate, priority: 'low' } }),
    },
    {
      name: 'patient directory birth date',
      actor: 'staff',
      request: (day) => ({ method: 'GET', url: `/api/patients?dateOfBirth=${q(day)}` }),
    },
    {
      name: 'duplicate check birth date',
      actor: 'staff',
      request: (dateOfBirth) => ({
        method: 'POST',
        url: '/api/staff/patients/duplicates',
        payload: { firstName: 'Amara', lastName: 'Okafor', dateOfBirth },
      }),
    },
    {
      name: 'car park day',
      actor: 'admin',
      request: (date) => ({ method: 'GET', url: `/api/parking/spots?date=${q(date)}` }),
    },
    {
      name: 'notification cursor',
      actor: 'patient',
      request: (at) => ({ method: 'GET', url: `/api/notifications?cursor=${q(`${at}_${randomUUID()}`)}` }),
    },
  ];
}

describe('dates, ranges and cursors at the extremes', () => {
  it('every date-taking route answers 2xx or 4xx in time, never 5xx', async () => {
    for (const route of routes()) {
      await fc.assert(
        fc.asyncProperty(extremeDay, extremeDay, async (from, to) => {
          const reply = await isolated.request({ actor: route.actor, ...route.request(from, to) }, STALL_MS);
          const where = `${route.name}: ${from} … ${to} → ${reply.status} ${reply.body.slice(0, 200)}`;
          expect(reply.status, where).toBeGreaterThanOrEqual(200);
          expect(reply.status, where).toBeLessThan(500);
          expect(reply.status >= 300 && reply.status < 400, where).toBe(false);
        }),
        { numRuns: RUNS, examples: EXAMPLES },
      );
    }
  });

  it('answers a date outside 1900–2200 with 400 and a message that says so', async () => {
    const { doctorId } = isolated.fixtures;
    for (const [actor, url] of [
      ['patient', `/api/doctors/${doctorId}/slots?from=9999-12-30&to=9999-12-31`],
      ['admin', '/api/audit/events?from=9999-12-31'],
      ['admin', '/api/admin/analytics?from=0001-01-01&to=0001-01-31'],
      ['admin', '/api/reports/appointments?format=csv&from=9999-12-01&to=9999-12-31'],
      ['doctor', '/api/doctor/schedule?from=9999-12-30&to=9999-12-31'],
      ['admin', '/api/parking/spots?date=9999-12-31'],
    ] as const) {
      const reply = await isolated.request({ actor, method: 'GET', url }, STALL_MS);
      expect(reply.status, reply.body).toBe(400);
      expect(Object.values(JSON.parse(reply.body).error.fields)).toContain('Please enter a date between 1900 and 2200');
    }
    const reply = await isolated.request(
      { actor: 'patient', method: 'GET', url: `/api/doctors/${doctorId}/slots?from=${dayFromToday(1)}&to=${dayFromToday(200)}` },
      STALL_MS,
    );
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body).error.fields['querystring.to']).toBe('Please choose a shorter period');
    for (const [actor, url] of [
      ['admin', '/api/admin/analytics?from=1900-01-01&to=2200-12-31'],
      ['doctor', '/api/doctor/schedule?from=1900-01-01&to=2200-12-31'],
    ] as const) {
      const long = await isolated.request({ actor, method: 'GET', url }, STALL_MS);
      expect(long.status, `${url} ${long.body}`).toBe(400);
      expect(JSON.parse(long.body).error.fields['querystring.to']).toBe('Please choose a shorter period');
    }
    // A report names its own limit (a year), with a code the web translates.
    const report = await isolated.request(
      { actor: 'admin', method: 'GET', url: '/api/reports/appointments?format=csv&from=1900-01-01&to=2200-12-31' },
      STALL_MS,
    );
    expect(report.status).toBe(400);
    expect(JSON.parse(report.body).error.code).toBe('PERIOD_TOO_LONG');
  });
});
