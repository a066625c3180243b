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
      params: { doctorFirstName: 'Maria', doctorLastName: 'Lopez', patientFirstName: 'Ann', patientLastName: 'Patient', startsAt },
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

  it('titles and orders the doctors in the reader’s language from the parts: Chinese, then Arabic', async () => {
    const startsAt = '2030-03-12T14:30:00.000Z';
    const reassigned = {
      code: 'appointment.patient_reassigned',
      params: {
        doctorFirstName: '伟',
        doctorLastName: '王',
        previousDoctorFirstName: 'Maria',
        previousDoctorLastName: 'Lopez',
        startsAt,
      },
      title: 'Your appointment has a new doctor',
      message: 'Dr. Maria Lopez is away; your appointment on 2030-03-12 14:30 (UTC) is now with Dr. 伟 王.',
    };
    try {
      await i18next.changeLanguage('zh');
      const chinese = new Intl.DateTimeFormat('zh', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(startsAt));
      expect(notificationText(i18next.t, reassigned).message).toBe(`Maria Lopez 医生 不在；您在 ${chinese} 的预约现由 王伟 医生 负责。`);
      await i18next.changeLanguage('ar');
      const arabic = new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(startsAt));
      expect(notificationText(i18next.t, reassigned).message).toBe(`د. Maria Lopez غائب؛ موعدك في ${arabic} أصبح الآن مع د. 伟 王.`);
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('orders the patient family name first in Chinese from the parts, for a booking and a refill request', async () => {
    const startsAt = '2030-03-12T14:30:00.000Z';
    const booked = {
      code: 'appointment.doctor_booked',
      params: { doctorFirstName: 'Maria', doctorLastName: 'Lopez', patientFirstName: '伟', patientLastName: '王', startsAt },
      title: 'Appointment booked',
      message: 'The in-person appointment with 伟 王 is booked for 2030-03-12 14:30 (UTC).',
    };
    const refill = {
      code: 'medication.refill_requested',
      params: { patientFirstName: '伟', patientLastName: '王', medication: 'Metformin' },
      title: 'Refill requested',
      message: '伟 王 asks for a refill of Metformin.',
    };
    try {
      await i18next.changeLanguage('zh');
      const chinese = new Intl.DateTimeFormat('zh', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(startsAt));
      expect(notificationText(i18next.t, booked).message).toBe(`王伟 预约了 ${chinese} 的就诊。`);
      expect(notificationText(i18next.t, refill).message).toBe('王伟 申请续开 Metformin。');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('still shows a notification stored with an English-ordered patient name as written', () => {
    const startsAt = '2030-03-12T14:30:00.000Z';
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(startsAt));
    const olderBooking = { code: 'appointment.doctor_booked', params: { patientName: 'Ann Patient', startsAt }, title: 'x', message: 'y' };
    expect(notificationText(i18next.t, olderBooking).message).toBe(`Ann Patient booked an appointment for ${when}.`);
    const olderRefill = {
      code: 'medication.refill_requested',
      params: { patient: 'Ann Patient', medication: 'Metformin' },
      title: 'x',
      message: 'y',
    };
    expect(notificationText(i18next.t, olderRefill).message).toBe('Ann Patient asks for a refill of Metformin.');
  });

  it('still shows a notification stored with an English doctor’s name as written, and says "your doctor" without one', () => {
    const startsAt = '2030-03-12T14:30:00.000Z';
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(startsAt));
    const older = { code: 'appointment.reminder_due', params: { doctorName: 'Dr. Maria Lopez', startsAt }, title: 'x', message: 'y' };
    expect(notificationText(i18next.t, older).message).toBe(`Your appointment with Dr. Maria Lopez is on ${when}.`);
    const unnamed = { code: 'visit.summary_released', params: { startsAt }, title: 'x', message: 'y' };
    expect(notificationText(i18next.t, unnamed).message).toBe(
      `Your doctor has written the summary of your visit on ${when}. Open your visit notes to read it.`,
    );
  });

  it('shows the stored text of a notification without a code', () => {
    expect(notificationText(i18next.t, { code: null, params: {}, title: 'Hello', message: 'World' })).toEqual({
      title: 'Hello',
      message: 'World',
    });
  });
});
