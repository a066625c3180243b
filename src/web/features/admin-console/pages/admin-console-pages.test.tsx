import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardStats, SecurityOverview } from '../../../../contracts/admin-console';
import { json, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { sessionUser } from '../../../lib/session/testing';
import { AdminDashboardPage } from './admin-dashboard-page';
import { SecurityPage } from './security-page';

// The admin console's home and security view with real components, i18n and TanStack Query; fetch
// is the only thing replaced.

const admin = sessionUser({ id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', role: 'admin', firstName: 'David', lastName: 'Park' });
const zero = { requested: 0, scheduled: 0, 'checked-in': 0, 'in-progress': 0, completed: 0, cancelled: 0, 'no-show': 0 };

const STATS: DashboardStats = {
  today: '2026-11-27',
  weekStart: '2026-11-23',
  clinicTimeZone: 'UTC',
  usersByRole: { patient: 120, doctor: 8, staff: 5, admin: 2 },
  activeSessions: 14,
  appointmentsToday: { ...zero, scheduled: 6, 'checked-in': 2, cancelled: 1 },
  appointmentsThisWeek: { ...zero, scheduled: 20, completed: 11, 'no-show': 2 },
  noShow: { noShows: 3, due: 40, rate: 0.075 },
  newRegistrations: 9,
  openTasks: 4,
  securityAlerts: 2,
};

const account = {
  id: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f',
  firstName: 'Nora',
  lastName: 'Field',
  email: 'nora@clinic.test',
  role: 'staff' as const,
};

const OVERVIEW: SecurityOverview = {
  windowHours: 24,
  threshold: 5,
  alerts: [
    { kind: 'account-failures', severity: 'high', failures: 12, lastAt: '2026-11-27T10:00:00.000Z', account, address: null },
    {
      kind: 'address-failures',
      severity: 'medium',
      failures: 6,
      lastAt: '2026-11-27T10:05:00.000Z',
      account: null,
      address: '203.0.113.9',
    },
  ],
  lockedAccounts: [{ account, address: '203.0.113.9', failures: 5, blockedUntil: '2026-11-27T10:15:00.000Z' }],
  mfaByRole: [
    { role: 'patient', users: 120, withMfa: 30 },
    { role: 'doctor', users: 8, withMfa: 8 },
    { role: 'staff', users: 5, withMfa: 1 },
    { role: 'admin', users: 2, withMfa: 2 },
  ],
  newAdmins: [],
  permissionChanges: [
    {
      id: 7,
      occurredAt: '2026-11-26T09:00:00.000Z',
      action: 'permission.grant',
      actor: { firstName: 'David', lastName: 'Park' },
      target: account,
      permission: 'billing.view',
      position: null,
      fromRole: null,
      toRole: null,
    },
  ],
  auditChain: { checkedAt: '2026-11-27T06:00:00.000Z', intact: true, checked: 5120 },
};

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin home', { timeout: 20_000 }, () => {
  it('shows every figure, each leading to its detail', async () => {
    stubRoutes({ '/api/admin/dashboard-stats': () => json({ data: STATS }) });
    renderPatientView(<AdminDashboardPage />, { user: admin });
    expect(await screen.findByTestId('stat-users-value')).toHaveTextContent('135');
    expect(screen.getByTestId('stat-sessions-value')).toHaveTextContent('14');
    expect(screen.getByTestId('stat-today-value')).toHaveTextContent('9');
    expect(screen.getByTestId('stat-today')).toHaveTextContent('Checked in: 2');
    expect(screen.getByTestId('stat-week-value')).toHaveTextContent('33');
    expect(screen.getByTestId('stat-no-show-value')).toHaveTextContent('7.5%');
    expect(screen.getByTestId('stat-no-show')).toHaveTextContent('3 no-shows of 40 visits due');
    expect(screen.getByTestId('stat-registrations-value')).toHaveTextContent('9');
    expect(screen.getByTestId('stat-tasks')).toHaveAttribute('href', '/tasks');
    expect(screen.getByTestId('stat-alerts')).toHaveAttribute('href', '/admin/security');
    expect(screen.getByTestId('stat-sessions')).toHaveAttribute('href', '/admin/sessions');
    expect(screen.getByTestId('stat-users')).toHaveAttribute('href', '/admin/roles');
  });

  it('says when there were no visits due, and offers a retry when the figures fail', async () => {
    stubRoutes({ '/api/admin/dashboard-stats': () => json({ data: { ...STATS, noShow: { noShows: 0, due: 0, rate: null } } }) });
    renderPatientView(<AdminDashboardPage />, { user: admin });
    expect(await screen.findByTestId('stat-no-show-value')).toHaveTextContent('No visits due');
    vi.unstubAllGlobals();

    stubRoutes({});
    renderPatientView(<AdminDashboardPage />, { user: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});

describe('security view', { timeout: 20_000 }, () => {
  it('lists the alerts, the locks, adoption of two-step sign-in, permission changes and the audit chain', async () => {
    stubRoutes({ '/api/admin/security': () => json({ data: OVERVIEW }) });
    renderPatientView(<SecurityPage />, { user: admin });
    const alerts = await screen.findAllByTestId('security-alert');
    expect(alerts[0]).toHaveTextContent('Repeated failed sign-ins to Nora Field (nora@clinic.test): 12');
    expect(alerts[0]).toHaveTextContent('High');
    expect(alerts[1]).toHaveTextContent('Repeated failed sign-ins from 203.0.113.9: 6');
    expect(within(screen.getByTestId('locked-accounts')).getByRole('button', { name: 'Unlock Nora Field' })).toBeInTheDocument();
    expect(within(screen.getByTestId('mfa-adoption')).getByRole('row', { name: /Staff/ })).toHaveTextContent('1 (20%)');
    expect(screen.getByTestId('permission-changes')).toHaveTextContent('Granted billing.view to Nora Field');
    expect(screen.getByTestId('audit-chain')).toHaveTextContent('Intact when last checked');
    expect(screen.getByText('No new administrators.')).toBeInTheDocument();
  });

  it('unlocks an account and reloads the overview', async () => {
    let unlocked = false;
    const asked = stubRoutes({
      '/api/admin/security': () => json({ data: unlocked ? { ...OVERVIEW, lockedAccounts: [] } : OVERVIEW }),
      '/api/admin/security/unlock': () => {
        unlocked = true;
        return json({ data: { cleared: 1 } });
      },
      '/api/csrf-token': () => json({ csrfToken: 'token' }),
    });
    renderPatientView(<SecurityPage />, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Unlock Nora Field' }));
    expect(await screen.findByText('Nora Field can sign in again.')).toBeInTheDocument();
    expect(await screen.findByText('No account is locked.')).toBeInTheDocument();
    expect(asked.some((url) => String(url).endsWith('/api/admin/security/unlock'))).toBe(true);
  });

  it('says so when there is nothing to report', async () => {
    stubRoutes({
      '/api/admin/security': () => json({ data: { ...OVERVIEW, alerts: [], lockedAccounts: [], permissionChanges: [], auditChain: null } }),
    });
    renderPatientView(<SecurityPage />, { user: admin });
    expect(await screen.findByText('No alerts in the last 24 hours.')).toBeInTheDocument();
    expect(screen.getByText('No account is locked.')).toBeInTheDocument();
    expect(screen.getByText('The audit trail has not been checked yet.')).toBeInTheDocument();
  });
});
