import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchAppointment } from '../../../../contracts/search';
import { initI18n } from '../../../lib/i18n';
import { HitText } from './hit-text';

const appointment: SearchAppointment = {
  id: '7a1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  type: 'in-person',
  status: 'scheduled',
  startsAt: '2030-03-12T09:00:00.000Z',
  patientId: '9b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  patient: { firstName: '娜', lastName: '李' },
  doctor: { firstName: '伟', lastName: '王' },
};

beforeAll(async () => {
  await initI18n('en');
});

describe('an appointment found by the search', () => {
  it('names the doctor to a patient, and the patient to staff, in the reader’s order with the reader’s title', async () => {
    await i18next.changeLanguage('zh');
    try {
      const { unmount } = render(<HitText hit={{ group: 'appointments', item: appointment }} words={[]} role="patient" />);
      expect(screen.getByText('与王伟 医生的面诊')).toBeInTheDocument();
      unmount();
      render(<HitText hit={{ group: 'appointments', item: appointment }} words={[]} role="staff" />);
      expect(screen.getByText('与李娜的面诊')).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('in English, with "Dr." before the doctor’s name', () => {
    render(
      <HitText
        hit={{ group: 'appointments', item: { ...appointment, doctor: { firstName: 'Maria', lastName: 'Lopez' } } }}
        words={[]}
        role="patient"
      />,
    );
    expect(screen.getByText('In-person visit with Dr. Maria Lopez')).toBeInTheDocument();
  });
});
