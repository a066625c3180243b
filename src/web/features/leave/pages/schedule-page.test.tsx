import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Availability, CoverageOffer, LeaveRequest } from '../../../../contracts/leave';
import { json, patientUser, renderPatientView, stubApi } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { LeaveApprovalsPage } from './leave-approvals-page';
import { SchedulePage } from './schedule-page';

const DOCTOR_ID = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const doctor = patientUser({ id: DOCTOR_ID, role: 'doctor', firstName: 'Maria', lastName: 'Lopez', name: 'Maria Lopez' });
const admin = patientUser({ id: crypto.randomUUID(), role: 'admin', firstName: 'David', lastName: 'Okafor', name: 'David Okafor' });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const availability: Availability = {
  doctorId: DOCTOR_ID,
  clinicTimeZone: 'UTC',
  weekly: [{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00' }],
  timeOff: [],
};

function leave(overrides: Partial<LeaveRequest> = {}): LeaveRequest {
  return {
    id: crypto.randomUUID(),
    doctorId: DOCTOR_ID,
    doctor: { firstName: 'Maria', lastName: 'Lopez' },
    specialty: 'Cardiology',
    type: 'vacation',
    startDate: '2027-02-01',
    endDate: '2027-02-05',
    reason: null,
    status: 'pending',
    decisionReason: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    coverage: { open: 0, covered: 0 },
    ...overrides,
  };
}

const offer: CoverageOffer = {
  id: crypto.randomUUID(),
  leaveRequestId: crypto.randomUUID(),
  appointmentId: crypto.randomUUID(),
  startsAt: '2027-01-10T09:00:00.000Z',
  durationMinutes: 30,
  type: 'in-person',
  status: 'open',
  doctorId: crypto.randomUUID(),
  doctor: { firstName: 'Ann', lastName: 'Colleague' },
  specialty: 'Cardiology',
  sameSpecialty: true,
  coveredById: null,
  coveredBy: null,
  acceptedAt: null,
};

const paged = (data: LeaveRequest[]) => () => json({ data, page: 1, pageSize: 20, total: data.length });

describe('schedule and leave', { timeout: 20_000 }, () => {
  it('shows hours, offers, requests and empty states; takes over an offer and saves an added range', async () => {
    const calls = stubApi({
      'GET /api/doctors/availability': () => json({ data: availability }),
      'PUT /api/doctors/availability': (call) => json({ data: { ...availability, ...(call.body as object) } }),
      'GET /api/coverage': () => json({ data: [offer] }),
      'GET /api/coverage/mine': () => json({ data: [] }),
      'GET /api/leave/requests': paged([leave()]),
      [`POST /api/coverage/${offer.id}/accept`]: () => json({ data: { ...offer, status: 'accepted' } }),
    });
    const user = userEvent.setup();
    renderPatientView(<SchedulePage />, { user: doctor });
    const offers = await screen.findAllByTestId('coverage-offer');
    expect(offers[0]).toHaveTextContent('For Dr. Ann Colleague (Cardiology)');
    expect(offers[0]).toHaveTextContent('Your specialty');
    expect(await screen.findByTestId('leave-request')).toHaveTextContent('Pending');
    expect(await screen.findByText('None of your appointments is waiting for cover.')).toBeInTheDocument();
    await user.click(within(offers[0]!).getByRole('button', { name: /Take over the appointment on/ }));
    expect(calls.some((call) => call.method === 'POST' && call.url === `/api/coverage/${offer.id}/accept`)).toBe(true);

    const tuesday = await screen.findByTestId('hours-day-2');
    await user.click(within(tuesday).getByRole('button', { name: /Add hours on Tuesday/ }));
    await user.click(screen.getByTestId('save-hours'));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      weekly: [
        { dayOfWeek: 1, startTime: '09:00', endTime: '12:00' },
        { dayOfWeek: 2, startTime: '09:00', endTime: '12:00' },
      ],
      timeOff: [],
    });
  });

  it('titles doctors in the reader’s language: in Arabic, the offer’s absent doctor and the colleague who covers', async () => {
    await i18next.changeLanguage('ar');
    try {
      const covered = { ...offer, id: crypto.randomUUID(), status: 'accepted' as const, coveredById: crypto.randomUUID() };
      stubApi({
        'GET /api/doctors/availability': () => json({ data: availability }),
        'GET /api/coverage': () => json({ data: [offer] }),
        'GET /api/coverage/mine': () => json({ data: [{ ...covered, coveredBy: { firstName: 'Omar', lastName: 'Haddad' } }] }),
        'GET /api/leave/requests': paged([]),
      });
      renderPatientView(<SchedulePage />, { user: doctor });
      const [first] = await screen.findAllByTestId('coverage-offer');
      expect(first).toHaveTextContent('بدلًا من د. Ann Colleague (Cardiology)');
      expect(await screen.findByTestId('my-coverage')).toHaveTextContent('يغطيه د. Omar Haddad');
      expect(first).not.toHaveTextContent('Dr.');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('says so when the hours cannot be loaded, and offers a retry', async () => {
    stubApi({
      'GET /api/coverage': () => json({ data: [] }),
      'GET /api/coverage/mine': () => json({ data: [] }),
      'GET /api/leave/requests': paged([]),
    });
    renderPatientView(<SchedulePage />, { user: doctor });
    const section = screen.getByTestId('weekly-hours');
    expect(await within(section).findByRole('alert')).toHaveTextContent('Your hours could not be loaded.');
    expect(await screen.findByText('No colleague needs cover right now.')).toBeInTheDocument();
    expect(await screen.findByText('You have not asked for leave yet.')).toBeInTheDocument();
  });
});

describe('leave approvals', { timeout: 20_000 }, () => {
  it('rejects a pending request with a reason, which is required', async () => {
    const pending = leave();
    const calls = stubApi({
      'GET /api/leave/requests': paged([pending]),
      [`POST /api/leave/requests/${pending.id}/decision`]: (call) =>
        json({ data: { ...pending, status: 'rejected', ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderPatientView(<LeaveApprovalsPage />, { user: admin });
    const item = await screen.findByTestId('leave-approval');
    await user.click(within(item).getByRole('button', { name: /Reject the leave of Dr. Maria Lopez/ }));
    const dialog = await screen.findByTestId('leave-decision');
    await user.click(within(dialog).getByTestId('confirm-decision'));
    expect(await within(dialog).findByText('Please write something here')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason for the refusal'), 'Clinic is short that week');
    await user.click(within(dialog).getByTestId('confirm-decision'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'rejected', reason: 'Clinic is short that week' });
  });
});
