import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/realtime.json';
import { pushToastText } from './push-toast-text';

// The toast of an appointment change says what happened to the appointment, not only that the
// list changed: it is the one toast of a booking, move or cancellation (push-reactions.ts).

const t = i18next.createInstance();
beforeAll(async () => {
  await t.init({ lng: 'en', resources: { en: { realtime: en } } });
});

const event = (action: string) => ({
  type: 'appointment_update',
  action,
  appointmentId: '5b1f6c1e-8d1c-4b5e-9a3c-2f6d8e9a0b1c',
  patientId: '6c2f7d2f-9e2d-4c6f-8b4d-3a7e9f0b1c2d',
  doctorId: '7d3a8e3a-af3e-4d7a-9c5e-4b8f0a1c2d3e',
  timestamp: '2026-11-24T08:00:00.000Z',
});

describe('appointment_update toast text', () => {
  it.each([
    ['created', 'An appointment was booked.'],
    ['updated', 'An appointment was moved to a new time.'],
    ['cancelled', 'An appointment was cancelled.'],
  ])('%s reads "%s"', (action, description) => {
    expect(pushToastText(t.t, event(action))).toEqual({ title: 'Appointment', description });
  });
});
