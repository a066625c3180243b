import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { sessionUser } from '../../../lib/session/testing';
import { ReportsPage } from './reports-page';

// The reports page with real components, i18n and TanStack Query; fetch is the only thing replaced,
// and the browser's file saving (object URLs and the link's click) is watched.

const admin = sessionUser({ id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', role: 'admin', firstName: 'David', lastName: 'Park' });
const DOCTOR = { id: '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f80', firstName: 'Lena', lastName: 'Ortiz', specialty: 'Cardiology' };
const ANALYTICS = {
  from: '2026-09-01',
  to: '2026-11-27',
  granularity: 'week',
  clinicTimeZone: 'UTC',
  appointments: [],
  byDoctor: [],
  byWeekday: [],
  newPatients: [],
  doctors: [DOCTOR],
};

function file(body: string, name: string, type: string): Response {
  return new Response(body, { status: 200, headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` } });
}

let saved: string[];

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reports page', { timeout: 20_000 }, () => {
  it('downloads the chosen report as a CSV under the server’s file name', async () => {
    const asked = stubRoutes({
      '/api/admin/analytics': () => json({ data: ANALYTICS }),
      '/api/reports/doctor-rates': () => file('Doctor,Specialty\r\n', 'caredeck-doctor-rates-2026-09-01-to-2026-11-27.csv', 'text/csv'),
    });
    renderPatientView(<ReportsPage />, { user: admin });
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Report'), 'doctor-rates');
    expect(await screen.findByRole('option', { name: 'Lena Ortiz' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Specialty'), 'Cardiology');
    await userEvent.click(screen.getByTestId('report-csv'));
    await vi.waitFor(() => expect(saved).toEqual(['caredeck-doctor-rates-2026-09-01-to-2026-11-27.csv']));
    const call = asked.find((url) => url.startsWith('/api/reports/'))!;
    expect(call).toBe('/api/reports/doctor-rates?format=csv&specialty=Cardiology');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows that it is preparing the file, then saves the PDF; a patient list asks for no period', async () => {
    let answer: (response: Response) => void = () => undefined;
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(url);
        // The doctor list (for the default kind) answers at once; the report waits for the test.
        if (url.startsWith('/api/admin/analytics')) return Promise.resolve(json({ data: ANALYTICS }));
        return new Promise<Response>((resolve) => (answer = resolve));
      }),
    );
    renderPatientView(<ReportsPage />, { user: admin });
    await userEvent.selectOptions(await screen.findByLabelText('Report'), 'patient-list');
    expect(screen.queryByText('From')).not.toBeInTheDocument();
    expect(screen.getByTestId('report-kind-note')).toHaveTextContent('Contains personal data');
    await userEvent.click(screen.getByTestId('report-pdf'));
    expect(await screen.findByTestId('report-pdf')).toHaveTextContent('Preparing…');
    expect(screen.getByTestId('report-csv')).toBeDisabled();
    expect(screen.getByTestId('report-busy')).toBeInTheDocument();
    answer(file('%PDF-1.3', 'caredeck-patient-list-2026-11-28.pdf', 'application/pdf'));
    await vi.waitFor(() => expect(saved).toEqual(['caredeck-patient-list-2026-11-28.pdf']));
    expect(screen.getByTestId('report-pdf')).toHaveTextContent('Download PDF');
    expect(asked.filter((url) => url.startsWith('/api/reports/'))).toEqual(['/api/reports/patient-list?format=pdf']);
  });

  it('words a refused period in the user’s language, and saves nothing', async () => {
    stubRoutes({
      '/api/admin/analytics': () => json({ data: ANALYTICS }),
      '/api/reports/appointments': () =>
        json({ error: { code: 'PERIOD_REVERSED', message: 'The end date cannot be before the start date.' } }, 400),
    });
    renderPatientView(<ReportsPage />, { user: admin });
    await userEvent.click(await screen.findByTestId('report-csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent("The period's end date is before its start date.");
    expect(saved).toEqual([]);
  });
});
