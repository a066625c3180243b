import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import {
  appointment,
  json,
  labComponent,
  labPanel,
  medication,
  PATIENT_ID,
  renderPatientView,
  stubRoutes,
  vital,
} from '../../../lib/clinical/testing';
import { PatientDashboardPage } from './patient-dashboard-page';

const UPCOMING = `/api/appointments/patient/${PATIENT_ID}?when=upcoming&pageSize=50`;
const PAST = `/api/appointments/patient/${PATIENT_ID}?when=past&pageSize=50`;
const MEDICATIONS = `/api/medications/patient/${PATIENT_ID}`;
const VITALS = `/api/patients/${PATIENT_ID}/vitals?limit=1000`;
const LABS = `/api/patients/${PATIENT_ID}/lab-results`;

const page = (data: unknown[]) => () => json({ data, page: 1, pageSize: 50, total: data.length });
const list = (data: unknown[]) => () => json({ data });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Whole views with several queries: slower than a unit test on a busy machine.
describe('patient dashboard', { timeout: 20_000 }, () => {
  it('welcomes the patient and shows every section with real data, each linking into its view', async () => {
    stubRoutes({
      [UPCOMING]: page([appointment({ reason: 'Check-up' })]),
      [PAST]: page([
        appointment({
          status: 'completed',
          startsAt: '2026-01-05T10:00:00.000Z',
          doctor: { id: crypto.randomUUID(), firstName: 'Li', lastName: 'Wei', specialty: 'Dermatology' },
        }),
      ]),
      [MEDICATIONS]: list([medication(), medication({ name: 'Old pill', status: 'discontinued' })]),
      [VITALS]: list([
        vital({ type: 'blood-pressure-systolic', value: 128, unit: 'mmHg' }),
        vital({ type: 'blood-pressure-diastolic', value: 82, unit: 'mmHg' }),
        vital({ type: 'heart-rate', value: 71 }),
      ]),
      [LABS]: list([labPanel({ components: [labComponent({ value: 130, flag: 'high' })] })]),
    });
    renderPatientView(<PatientDashboardPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ann' })).toBeInTheDocument();
    const actions = screen.getByRole('navigation', { name: 'Quick actions' });
    expect(within(actions).getByRole('link', { name: 'Lab results' })).toHaveAttribute('href', '/lab-results');
    expect(within(actions).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/profile-settings');

    const upcoming = screen.getByTestId('dashboard-upcoming');
    expect(await within(upcoming).findByText(/Dr\. Maria Lopez/)).toBeInTheDocument();
    expect(within(upcoming).getByText('Scheduled')).toBeInTheDocument();
    expect(within(upcoming).getByRole('link', { name: 'All appointments' })).toHaveAttribute('href', '/appointments');

    const recent = screen.getByTestId('dashboard-recent');
    expect(await within(recent).findByText(/Dr\. Li Wei/)).toBeInTheDocument();
    expect(within(recent).getByText('Completed')).toBeInTheDocument();

    const vitals = screen.getByTestId('dashboard-vitals');
    expect(await within(vitals).findByText('Blood pressure')).toBeInTheDocument();
    expect(within(vitals).getByText('128/82')).toBeInTheDocument();
    expect(within(vitals).getByRole('link', { name: 'All vital signs' })).toHaveAttribute('href', '/vitals');

    const medications = screen.getByTestId('dashboard-medications');
    expect(await within(medications).findByText('Lisinopril')).toBeInTheDocument();
    expect(within(medications).queryByText('Old pill')).not.toBeInTheDocument();

    const labs = screen.getByTestId('dashboard-labs');
    expect(await within(labs).findByText('Comprehensive metabolic panel (CMP)')).toBeInTheDocument();
    expect(within(labs).getByText(/1 result outside the reference range/)).toBeInTheDocument();
    expect(within(labs).getByText('High')).toBeInTheDocument();
  });

  it('says so when a section has nothing to show', async () => {
    stubRoutes({ [UPCOMING]: page([]), [PAST]: page([]), [MEDICATIONS]: list([]), [VITALS]: list([]), [LABS]: list([]) });
    renderPatientView(<PatientDashboardPage />);

    expect(await screen.findByText('You have no upcoming appointments.')).toBeInTheDocument();
    expect(await screen.findByText('You have no past appointments yet.')).toBeInTheDocument();
    expect(await screen.findByText('No vital signs have been recorded yet.')).toBeInTheDocument();
    expect(await screen.findByText('You have no current medications.')).toBeInTheDocument();
    expect(await screen.findByText('No lab results have been released yet.')).toBeInTheDocument();
  });

  it('shows an error with a retry per section, and the retry loads the data', async () => {
    let medicationsUp = false;
    stubRoutes({
      [UPCOMING]: page([]),
      [PAST]: page([]),
      [VITALS]: list([]),
      [LABS]: list([]),
      [MEDICATIONS]: () => (medicationsUp ? json({ data: [medication()] }) : json({ error: { code: 'INTERNAL', message: 'down' } }, 500)),
    });
    const user = userEvent.setup();
    renderPatientView(<PatientDashboardPage />);

    const section = screen.getByTestId('dashboard-medications');
    expect(await within(section).findByRole('alert')).toHaveTextContent('Your medications could not be loaded.');
    medicationsUp = true;
    await user.click(within(section).getByRole('button', { name: 'Try Again' }));
    expect(await within(section).findByText('Lisinopril')).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });
});
