import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { notificationText } from './notification-text';

beforeAll(async () => {
  await initI18n('en');
});

describe('notificationText', () => {
  it('tells an appointment notification in the reader’s language with the start on their clock', async () => {
    const startsAt = '2030-03-12T14:30:00.000Z';
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(startsAt));
    const stored = {
      code: 'appointment.patient_booked',
      params: { doctorName: 'Dr. Maria Lopez', patientName: 'Ann Patient', startsAt },
      title: 'Appointment booked',
      message: 'Your in-person appointment with Dr. Maria Lopez is booked for 2030-03-12 14:30 (UTC).',
    };
    expect(notificationText(i18next.t, stored)).toEqual({
      title: 'Appointment booked',
      message: `Your appointment with Dr. Maria Lopez is booked for ${when}.`,
    });
    await i18next.changeLanguage('de');
    const german = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(startsAt));
    expect(notificationText(i18next.t, { ...stored, code: 'appointment.doctor_cancelled' })).toEqual({
      title: 'Termin abgesagt',
      message: `Ann Patient hat den Termin am ${german} abgesagt.`,
    });
    await i18next.changeLanguage('en');
  });

  it('shows the stored text of a notification without a code', () => {
    expect(notificationText(i18next.t, { code: null, params: {}, title: 'Hello', message: 'World' })).toEqual({
      title: 'Hello',
      message: 'World',
    });
  });
});
