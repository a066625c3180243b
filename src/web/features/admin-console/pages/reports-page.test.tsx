import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPatientView, stubApi, stubRoutes } from '../../../lib/clinical/testing';
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

const SCHEDULE = {
  id: '5e6f7a8b-9c0d-4e1f-8a2b-4c5d6e7f8091',
  kind: 'appointments',
  format: 'pdf',
  frequency: 'weekly',
  doctorId: null,
  specialty: null,
  recipients: [{ id: admin.id, firstName: 'David', lastName: 'Park' }],
  createdBy: { id: admin.id, firstName: 'David', lastName: 'Park' },
  nextRunAt: '2026-11-30T06:00:00.000Z',
  lastRunAt: null,
  active: true,
};
/** The schedules section's reads, answered for every test of the page. */
const SCHEDULE_ROUTES = {
  '/api/reports/schedules': () => json({ data: [] }),
  '/api/reports/recipients': () => json({ data: [{ id: admin.id, firstName: 'David', lastName: 'Park' }] }),
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
      ...SCHEDULE_ROUTES,
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
    const call = asked.find((url) => url.startsWith('/api/reports/doctor-rates'))!;
    expect(call).toBe('/api/reports/doctor-rates?format=csv&specialty=Cardiology&lang=en');
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
        if (url in SCHEDULE_ROUTES) return Promise.resolve(SCHEDULE_ROUTES[url as keyof typeof SCHEDULE_ROUTES]());
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
    expect(asked.filter((url) => url.includes('format='))).toEqual(['/api/reports/patient-list?format=pdf&lang=en']);
  });

  it('words a refused period in the user’s language, and saves nothing', async () => {
    stubRoutes({
      ...SCHEDULE_ROUTES,
      '/api/admin/analytics': () => json({ data: ANALYTICS }),
      '/api/reports/appointments': () =>
        json({ error: { code: 'PERIOD_REVERSED', message: 'The end date cannot be before the start date.' } }, 400),
    });
    renderPatientView(<ReportsPage />, { user: admin });
    await userEvent.click(await screen.findByTestId('report-csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent("The period's end date is before its start date.");
    expect(saved).toEqual([]);
  });

  it('says before the download that the row cap will cut an audit trail, asking for the period on the form', async () => {
    const asked = stubRoutes({
      ...SCHEDULE_ROUTES,
      '/api/admin/analytics': () => json({ data: ANALYTICS }),
      '/api/reports/audit-trail/size': () => json({ data: { rows: 7342, max: 5000 } }),
      '/api/reports/new-patients/size': () => json({ data: { rows: null, max: 5000 } }),
    });
    renderPatientView(<ReportsPage />, { user: admin, path: '/admin/reports?kind=audit-trail&from=2026-01-01&to=2026-03-31' });
    expect(await screen.findByTestId('report-cap-note')).toHaveTextContent(
      'This report has 7,342 rows: the file will hold the first 5,000.',
    );
    expect(asked).toContain('/api/reports/audit-trail/size?from=2026-01-01&to=2026-03-31');
    await userEvent.selectOptions(screen.getByLabelText('Report'), 'new-patients');
    expect(screen.queryByTestId('report-cap-note')).not.toBeInTheDocument();
    expect(asked.some((url) => url.startsWith('/api/reports/new-patients/size'))).toBe(false);
  });

  it('says nothing of the cap when the report fits', async () => {
    stubRoutes({
      ...SCHEDULE_ROUTES,
      '/api/admin/analytics': () => json({ data: ANALYTICS }),
      '/api/reports/patient-list/size': () => json({ data: { rows: 120, max: 5000 } }),
    });
    renderPatientView(<ReportsPage />, { user: admin, path: '/admin/reports?kind=patient-list' });
    expect(await screen.findByTestId('report-kind-note')).toHaveTextContent('Contains personal data');
    await vi.waitFor(() => expect(screen.queryByTestId('report-cap-note')).not.toBeInTheDocument());
  });

  it('fills the form from a scheduled report’s link', async () => {
    stubRoutes({ ...SCHEDULE_ROUTES, '/api/admin/analytics': () => json({ data: ANALYTICS }) });
    renderPatientView(<ReportsPage />, { user: admin, path: '/admin/reports?kind=new-patients&from=2026-11-01&to=2026-11-30' });
    expect(await screen.findByLabelText('Report')).toHaveValue('new-patients');
  });
});

describe('scheduled reports on the page', { timeout: 20_000 }, () => {
  it('lists the schedules, adds a weekly one for the chosen recipient and removes one', async () => {
    let stored: unknown[] = [SCHEDULE];
    const calls = stubApi({
      'GET /api/reports/schedules': () => json({ data: stored }),
      'GET /api/reports/recipients': () => json({ data: [{ id: admin.id, firstName: 'David', lastName: 'Park' }] }),
      'GET /api/admin/analytics': () => json({ data: ANALYTICS }),
      'POST /api/reports/schedules': () => {
        stored = [...stored, { ...SCHEDULE, id: '6f7a8b9c-0d1e-4f2a-9b3c-5d6e7f809102', kind: 'new-patients', format: 'csv' }];
        return json({ data: stored[1] }, 201);
      },
      'DELETE /api/reports/schedules/5e6f7a8b-9c0d-4e1f-8a2b-4c5d6e7f8091': () => {
        stored = stored.slice(1);
        return new Response(null, { status: 204 });
      },
    });
    renderPatientView(<ReportsPage />, { user: admin });
    const first = await screen.findByTestId('report-schedule');
    expect(first).toHaveTextContent('Appointments by status and type · Weekly · PDF');
    expect(first).toHaveTextContent('To David Park');

    await userEvent.selectOptions(screen.getByLabelText('Report to schedule'), 'new-patients');
    await userEvent.selectOptions(screen.getByLabelText('Format'), 'csv');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule report' }));
    expect(await screen.findByText('The report is scheduled.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'new-patients',
      format: 'csv',
      frequency: 'weekly',
      recipients: [admin.id],
    });
    expect(await screen.findAllByTestId('report-schedule')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Remove the schedule: Appointments by status and type' }));
    expect(await screen.findByText('The schedule was removed.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getAllByTestId('report-schedule')).toHaveLength(1));
    expect(screen.getByTestId('report-schedule')).toHaveTextContent('New patients');
  });
});
