import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { AppointmentLinkPage } from './appointment-link-page';

const TOKEN = 'a'.repeat(43);
const startsAt = '2030-03-12T09:00:00.000Z';

function renderLink(doctor: { firstName: string; lastName: string }) {
  stubRoutes({
    [`/api/appointment-links/${TOKEN}`]: () => json({ action: 'confirm', startsAt, durationMinutes: 30, type: 'in-person', doctor }),
  });
  renderPatientView(
    <Routes>
      <Route path="/a/:token" element={<AppointmentLinkPage />} />
    </Routes>,
    { path: `/a/${TOKEN}` },
  );
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a reminder’s link page', { timeout: 20_000 }, () => {
  it('names the doctor with the title of the reader’s language', async () => {
    renderLink({ firstName: 'Maria', lastName: 'Lopez' });
    expect(await screen.findByTestId('link-appointment')).toHaveTextContent(/with Dr\. Maria Lopez$/);
  });

  it('in Chinese, family name first and unspaced, the title after', async () => {
    await i18next.changeLanguage('zh');
    try {
      renderLink({ firstName: '伟', lastName: '王' });
      const text = await screen.findByTestId('link-appointment');
      expect(text).toHaveTextContent('王伟 医生');
      expect(text).not.toHaveTextContent('Dr.');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
