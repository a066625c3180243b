import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PatientSummary } from '../../../../contracts/patient-directory';
import { json, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { i18next, initI18n } from '../../../lib/i18n';
import { sessionUser } from '../../../lib/session/testing';
import { MyPatientsPage } from './my-patients-page';

// "My patients" as a doctor sees it: the list with its loading, empty, error and data states, and
// the search that sends the filters to the server and never into the page's address.

const doctor = sessionUser({ id: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d', role: 'doctor', firstName: 'Maria', lastName: 'Lopez' });
const FIRST_PAGE = '/api/patients?sort=name&page=1&pageSize=20';

function summary(overrides: Partial<PatientSummary> = {}): PatientSummary {
  return {
    id: '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f',
    firstName: 'Ann',
    lastName: 'Patient',
    name: 'Ann Patient',
    email: 'ann@example.org',
    phone: null,
    dateOfBirth: '1980-04-02',
    gender: 'female',
    medicalRecordNumber: 'MRN00100001',
    ...overrides,
  };
}

const page = (data: PatientSummary[]) => json({ data, page: 1, pageSize: 20, total: data.length });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('My patients', { timeout: 20_000 }, () => {
  it('lists the patients with record number, age and sex, each linking to the chart', async () => {
    stubRoutes({
      [FIRST_PAGE]: () =>
        page([
          summary(),
          summary({ id: 'aaaaaaaa-2f8b-4c43-9d7e-0c1b2a3d4e5f', firstName: 'Bo', lastName: 'Berg', gender: null, dateOfBirth: null }),
        ]),
    });
    renderPatientView(<MyPatientsPage />, { user: doctor });
    const table = await screen.findByTestId('patients-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('MRN00100001');
    expect(rows[0]).toHaveTextContent('Female');
    expect(within(rows[0]!).getByRole('link', { name: 'Ann Patient' })).toHaveAttribute(
      'href',
      '/patient/6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f',
    );
    expect(rows[1]).toHaveTextContent('Not recorded');
  });

  it('searches by name and date of birth through the request, and says when nothing matches', async () => {
    const asked = stubRoutes({
      [FIRST_PAGE]: () => page([summary()]),
      '/api/patients?search=zz&dateOfBirth=1980-04-02&sort=-name&page=1&pageSize=20': () => page([]),
    });
    const user = userEvent.setup();
    renderPatientView(<MyPatientsPage />, { user: doctor });
    await screen.findByTestId('patients-table');
    await user.type(screen.getByLabelText('Name or record number'), 'zz');
    await user.type(screen.getByLabelText('Day'), '02');
    await user.type(screen.getByLabelText('Month'), '04');
    await user.type(screen.getByLabelText('Year'), '1980');
    await user.selectOptions(screen.getByLabelText('Sort by'), '-name');
    await user.click(screen.getByTestId('patients-search'));
    expect(await screen.findByText('No patient matches')).toBeInTheDocument();
    expect(asked).toContain('/api/patients?search=zz&dateOfBirth=1980-04-02&sort=-name&page=1&pageSize=20');
    expect(window.location.search).toBe('');
  });

  it('shows the empty state for a doctor without patients and the error with a retry', async () => {
    stubRoutes({ [FIRST_PAGE]: () => page([]) });
    const { unmount } = renderPatientView(<MyPatientsPage />, { user: doctor });
    expect(await screen.findByText('No patients in your care yet')).toBeInTheDocument();
    unmount();
    stubRoutes({});
    renderPatientView(<MyPatientsPage />, { user: doctor });
    expect(await screen.findByText(/could not be loaded|went wrong|error/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
