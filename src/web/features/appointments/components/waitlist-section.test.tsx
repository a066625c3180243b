import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointment, json, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { WaitlistSection } from './waitlist-section';

const DOCTOR = '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const OFFER = '7a1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const ENTRY = '9b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const startsAt = '2030-03-12T09:00:00.000Z';
const LOPEZ = { firstName: 'Maria', lastName: 'Lopez' };

function offer(status: string, expiresAt = '2030-03-11T09:30:00.000Z', doctor = LOPEZ) {
  return { id: OFFER, doctorId: DOCTOR, doctor, startsAt, expiresAt, status };
}

function entry(doctor = LOPEZ) {
  return { id: ENTRY, doctorId: DOCTOR, doctor, latestDate: null, appointmentId: null, createdAt: startsAt };
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the waitlist section', { timeout: 20_000 }, () => {
  it('says when the patient waits for nothing', async () => {
    stubRoutes({ '/api/waitlist': () => json({ entries: [], offers: [] }) });
    renderPatientView(<WaitlistSection onNotice={() => undefined} />);
    expect(await screen.findByText(/You are not waiting for an earlier time/)).toBeInTheDocument();
  });

  it('offers a retry when the waitlist cannot be loaded', async () => {
    stubRoutes({ '/api/waitlist': () => json({}, 500) });
    renderPatientView(<WaitlistSection onNotice={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your waitlist could not be loaded.');
  });

  it.each([
    ['scheduled', /^Done: your appointment is now on /],
    // The clinic approves this booking first: the booking page's words for a request.
    ['requested', /^Your request for .+ is sent\. The clinic will confirm it; the time is held for you until then\.$/],
  ] as const)('takes an offered time with one button and tells the patient (%s)', async (status, notice) => {
    let taken = false;
    const notices: string[] = [];
    stubRoutes({
      '/api/waitlist': () =>
        json({
          entries: taken ? [] : [entry()],
          offers: [offer(taken ? 'accepted' : 'offered')],
        }),
      '/api/csrf-token': () => json({ csrfToken: 'token' }),
      [`/api/waitlist/offers/${OFFER}/accept`]: () => {
        taken = true;
        return json({ data: appointment({ startsAt, status }) });
      },
    });
    const user = userEvent.setup();
    renderPatientView(<WaitlistSection onNotice={(text) => notices.push(text)} />);
    expect(await screen.findByText('Waiting for an earlier time with Dr. Maria Lopez')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Take this time' }));
    expect(await screen.findByText('You took this time.')).toBeInTheDocument();
    expect(notices[0]).toMatch(notice);
  });

  it('titles the doctor in the reader’s language: in Chinese, family name first and the title after', async () => {
    await i18next.changeLanguage('zh');
    try {
      const wang = { firstName: '伟', lastName: '王' };
      stubRoutes({ '/api/waitlist': () => json({ entries: [entry(wang)], offers: [offer('offered', '2030-03-11T09:30:00.000Z', wang)] }) });
      renderPatientView(<WaitlistSection onNotice={() => undefined} />);
      expect(await screen.findByText('正在等待王伟 医生的更早时段')).toBeInTheDocument();
      expect(screen.getByTestId('waitlist-offer')).toHaveTextContent('王伟 医生');
      expect(screen.getByTestId('waitlist')).not.toHaveTextContent('Dr.');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('says when the time is gone', async () => {
    stubRoutes({
      '/api/waitlist': () => json({ entries: [], offers: [offer('offered')] }),
      '/api/csrf-token': () => json({ csrfToken: 'token' }),
      [`/api/waitlist/offers/${OFFER}/accept`]: () =>
        json({ error: { code: 'OFFER_GONE', message: 'This time has been taken or the offer has expired.' } }, 409),
    });
    const user = userEvent.setup();
    renderPatientView(<WaitlistSection onNotice={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Take this time' }));
    expect(await screen.findByTestId('accept-offer-error')).toHaveTextContent('This time is no longer available');
  });
});
