import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveSession, RoleOverview } from '../../../../contracts/admin-console';
import type { Analytics } from '../../../../contracts/analytics';
import type { SystemLog } from '../../../../contracts/error-reports';
import { json, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { sessionUser } from '../../../lib/session/testing';
import { AnalyticsPage } from './analytics-page';
import { RolesPage } from './roles-page';
import { SessionsPage } from './sessions-page';
import { SystemLogPage } from './system-log-page';

// The sessions, roles, system log and analytics views with real components, i18n and TanStack
// Query; fetch is the only thing replaced.

const admin = sessionUser({ id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', role: 'admin', firstName: 'David', lastName: 'Park' });
const nora = {
  id: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f',
  firstName: 'Nora',
  lastName: 'Field',
  email: 'nora@clinic.test',
  role: 'staff' as const,
};

function session(overrides: Partial<LiveSession>): LiveSession {
  return {
    id: crypto.randomUUID(),
    user: nora,
    createdAt: '2026-11-27T08:00:00.000Z',
    lastSeenAt: '2026-11-27T09:00:00.000Z',
    ip: '198.51.100.7',
    userAgent: 'Mozilla/5.0',
    current: false,
    ...overrides,
  };
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sessions view', { timeout: 20_000 }, () => {
  it('lists who is signed in; one’s own session cannot be ended here; ending another’s asks first', async () => {
    const own = session({
      user: { ...nora, id: admin.id, firstName: 'David', lastName: 'Park', email: 'david@clinic.test', role: 'admin' },
      current: true,
    });
    let ended = false;
    stubRoutes({
      '/api/admin/sessions': () => json({ data: ended ? [own] : [own, session({})], page: 1, pageSize: 20, total: ended ? 1 : 2 }),
      [`/api/admin/users/${nora.id}/sessions/end`]: () => {
        ended = true;
        return json({ data: { ended: 1 } });
      },
      '/api/csrf-token': () => json({ csrfToken: 'token' }),
    });
    renderPatientView(<SessionsPage />, { user: admin });
    const table = await screen.findByTestId('sessions-table');
    expect(within(table).getByRole('row', { name: /David Park/ })).toHaveTextContent('This session');
    await userEvent.click(within(table).getByRole('button', { name: 'End the sessions of Nora Field' }));
    const dialog = screen.getByRole('dialog', { name: 'End every session of Nora Field?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    await vi.waitFor(() => expect(within(screen.getByTestId('sessions-table')).queryByRole('row', { name: /Nora Field/ })).toBeNull());
  });

  it('says when nobody matches', async () => {
    stubRoutes({ '/api/admin/sessions': () => json({ data: [], page: 1, pageSize: 20, total: 0 }) });
    renderPatientView(<SessionsPage />, { user: admin });
    expect(await screen.findByText('Nobody matching is signed in.')).toBeInTheDocument();
  });
});

describe('roles view', { timeout: 20_000 }, () => {
  it('shows each role’s default permissions and users, and each position’s template', async () => {
    const overview: RoleOverview = {
      roles: [
        { role: 'patient', defaultPermissions: ['patients.view.own'], activeUsers: 120, inactiveUsers: 3 },
        { role: 'doctor', defaultPermissions: ['patients.view.own', 'medications.prescribe'], activeUsers: 8, inactiveUsers: 0 },
        { role: 'staff', defaultPermissions: [], activeUsers: 5, inactiveUsers: 1 },
        { role: 'admin', defaultPermissions: ['system.admin'], activeUsers: 2, inactiveUsers: 0 },
      ],
      positions: [{ position: 'nurse', permissions: ['patients.view.all', 'medical_records.view'], users: 2 }],
    };
    stubRoutes({ '/api/admin/roles': () => json({ data: overview }) });
    renderPatientView(<RolesPage />, { user: admin });
    const doctor = await screen.findByTestId('role-doctor');
    expect(doctor).toHaveTextContent('Active: 8 · Deactivated: 0');
    expect(within(screen.getByTestId('role-doctor-permissions')).getByText('medications.prescribe')).toBeInTheDocument();
    expect(screen.getByTestId('position-nurse')).toHaveTextContent('Active staff: 2');
    expect(screen.getByTestId('roles-view-as')).toHaveAttribute('href', '/admin/users');
  });

  it('offers a retry when the roles cannot be loaded', async () => {
    stubRoutes({});
    renderPatientView(<RolesPage />, { user: admin });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

describe('system log', { timeout: 20_000 }, () => {
  it('shows patterns with the raised severity and the newest reports with the e-mail masked', async () => {
    const log: SystemLog = {
      patterns: [
        {
          fingerprint: 'f1',
          errorType: 'network',
          errorName: 'TypeError',
          message: 'Failed to fetch',
          occurrences: 14,
          firstSeen: '2026-11-20T08:00:00.000Z',
          lastSeen: '2026-11-27T08:00:00.000Z',
          severity: 'high',
          escalated: true,
        },
      ],
      recent: [
        {
          id: '4d5e6f7a-8b9c-4d0e-8f1a-3b4c5d6e7f80',
          receivedAt: '2026-11-27T08:00:00.000Z',
          errorType: 'network',
          severity: 'high',
          errorName: 'TypeError',
          message: 'Failed to fetch',
          component: 'AppointmentList',
          route: '/appointments',
          userRole: 'patient',
          userEmailMasked: 'jon***@***',
          isRecoverable: true,
          recoveryAttempts: 1,
        },
      ],
      total: 14,
    };
    stubRoutes({ '/api/error-reports': () => json({ data: log }) });
    renderPatientView(<SystemLogPage />, { user: admin });
    const patterns = await screen.findByTestId('error-patterns');
    expect(patterns).toHaveTextContent('High');
    expect(patterns).toHaveTextContent('Raised: seen more than 10 times');
    expect(screen.getByTestId('error-reports')).toHaveTextContent('jon***@***');
  });

  it('says when nothing was reported', async () => {
    stubRoutes({ '/api/error-reports': () => json({ data: { patterns: [], recent: [], total: 0 } }) });
    renderPatientView(<SystemLogPage />, { user: admin });
    expect(await screen.findAllByText('No errors have been reported.')).toHaveLength(2);
  });
});

describe('analytics', { timeout: 20_000 }, () => {
  const zero = { requested: 0, scheduled: 0, 'checked-in': 0, 'in-progress': 0, completed: 0, cancelled: 0, 'no-show': 0 };
  const analytics: Analytics = {
    from: '2026-03-01',
    to: '2026-03-02',
    granularity: 'day',
    clinicTimeZone: 'UTC',
    appointments: [
      { bucket: '2026-03-01', statuses: { ...zero, completed: 2 }, types: { 'in-person': 2, video: 0 }, total: 2 },
      { bucket: '2026-03-02', statuses: { ...zero, 'no-show': 1 }, types: { 'in-person': 0, video: 1 }, total: 1 },
    ],
    byDoctor: [
      {
        doctorId: '5e6f7a8b-9c0d-4e1f-8a2b-4c5d6e7f8091',
        firstName: 'Sarah',
        lastName: 'Chen',
        specialty: 'Cardiology',
        total: 3,
        due: 3,
        noShows: 1,
        cancelled: 0,
        noShowRate: 1 / 3,
        cancellationRate: 0,
      },
    ],
    byWeekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      total: 0,
      due: 0,
      noShows: 0,
      cancelled: 0,
      noShowRate: null,
      cancellationRate: null,
    })),
    newPatients: [
      { bucket: '2026-03-01', count: 1 },
      { bucket: '2026-03-02', count: 0 },
    ],
    doctors: [{ id: '5e6f7a8b-9c0d-4e1f-8a2b-4c5d6e7f8091', firstName: 'Sarah', lastName: 'Chen', specialty: 'Cardiology' }],
  };

  it('draws each chart with a summary and a table of the same figures', async () => {
    stubRoutes({ '/api/admin/analytics': () => json({ data: analytics }) });
    renderPatientView(<AnalyticsPage />, { user: admin });
    expect(await screen.findByTestId('analytics-period')).toHaveTextContent('per day');
    expect(screen.getByTestId('chart-status')).toHaveTextContent('Appointments from Mar 1, 2026 to Mar 2, 2026: 3.');
    expect(screen.getByTestId('chart-type')).toHaveTextContent('In person: 2 · Video: 1.');
    const doctors = screen.getByTestId('chart-doctor');
    expect(within(doctors).getByRole('row', { name: /Sarah Chen/ })).toHaveTextContent('33.3%');
    expect(screen.getByTestId('chart-patients')).toHaveTextContent('Patients registered in the period: 1.');
    expect(screen.getByRole('option', { name: 'Sarah Chen' })).toBeInTheDocument();
  });

  it('refuses a reversed period beside the field without asking the server', async () => {
    const asked = stubRoutes({ '/api/admin/analytics': () => json({ data: analytics }) });
    renderPatientView(<AnalyticsPage />, { user: admin });
    await screen.findByTestId('analytics-period');
    const fill = async (label: string, [year, month, day]: string[]) => {
      const group = screen.getByRole('group', { name: label });
      await userEvent.type(within(group).getByRole('textbox', { name: /year/i }), year!);
      await userEvent.type(within(group).getByRole('textbox', { name: /month/i }), month!);
      await userEvent.type(within(group).getByRole('textbox', { name: /day/i }), day!);
    };
    await fill('From', ['2026', '03', '14']);
    await fill('To', ['2026', '03', '01']);
    const before = asked.length;
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(asked.length).toBe(before);
  });
});
