import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SidebarNav } from '../../app/shell/sidebar-nav';
import { advance, json, permissionsAnswer, renderGuarded, stubFetch, setUpGuardTests, user } from './testing';
import { guardViewRoute, ViewGuard } from './view-guard';

// The guarded views, their any-of requirements per role, and the sidebar that hides what a
// staff member's permissions do not open.

function server(granted: Parameters<typeof permissionsAnswer>[0]) {
  return stubFetch((url) => (url.endsWith('/permissions') ? json(permissionsAnswer(granted)) : json({ demoMode: false })));
}

setUpGuardTests();

describe('guardViewRoute', () => {
  it.each(['appointments', 'records', 'medications', 'billing', 'messages'])('wraps the %s route in its guard', (path) => {
    const page = <p>page</p>;
    const guarded = guardViewRoute({ path, element: page });
    expect(guarded.path).toBe(path);
    expect(guarded.element).not.toBe(page);
  });

  it.each(['parking', 'staff-portal', 'admin/users', 'no-such-view'])('leaves the unguarded %s route as it is', (path) => {
    const route = { path, element: <p>page</p> };
    expect(guardViewRoute(route)).toBe(route);
  });
});

describe('ViewGuard', () => {
  it('refuses billing to a staff member without billing.view and opens it to one with it', async () => {
    server([{ permission: 'appointments.create' }]);
    const { unmount } = renderGuarded(<ViewGuard view="billing">{<p>Billing content</p>}</ViewGuard>, {
      status: 'authenticated',
      user: user('staff'),
    });
    await advance(1500);
    expect(screen.getByRole('heading', { name: 'Insufficient Permissions' })).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();

    server([{ permission: 'billing.view' }]);
    renderGuarded(<ViewGuard view="billing">{<p>Billing content</p>}</ViewGuard>, { status: 'authenticated', user: user('staff') });
    await advance(10);
    expect(screen.getByText('Billing content')).toBeInTheDocument();
  });

  it('asks a staff member for medications.view.all on medications, not for the doctor’s prescribing permissions', async () => {
    server([{ permission: 'medications.prescribe' }]);
    renderGuarded(
      <ViewGuard view="medications">{<p>Medications content</p>}</ViewGuard>,
      { status: 'authenticated', user: user('staff') },
      '/medications',
    );
    await advance(1500);
    expect(screen.getByRole('heading', { name: 'Insufficient Permissions' })).toBeInTheDocument();
    expect(screen.getByText('medications.view.all')).toBeInTheDocument();
    expect(screen.queryByText('medications.prescribe')).not.toBeInTheDocument();
  });

  it('opens every guarded view to a patient without asking the server', async () => {
    const urls = server([]);
    renderGuarded(
      <ViewGuard view="messages">{<p>Messages content</p>}</ViewGuard>,
      { status: 'authenticated', user: user('patient') },
      '/messages',
    );
    expect(screen.getByText('Messages content')).toBeInTheDocument();
    await advance(2000);
    expect(urls).toEqual([]);
  });
});

describe('SidebarNav', () => {
  function links(): string[] {
    return within(screen.getByRole('navigation'))
      .getAllByRole('link')
      .map((link) => link.textContent ?? '');
  }

  it('hides billing from a staff member without billing.view once the permissions are known', async () => {
    server([{ permission: 'appointments.create' }]);
    renderGuarded(
      <SidebarNav user={user('staff')} open onNavigate={() => {}} />,
      { status: 'authenticated', user: user('staff') },
      '/staff-portal',
    );
    // While the permissions load, the links stay: the guard behind each one explains a refusal.
    expect(links()).toContain('Billing');
    await advance(10);
    expect(links()).not.toContain('Billing');
    expect(links()).not.toContain('Messages');
    expect(links()).toContain('Appointments');
    expect(links()).toContain('Parking');
  });

  it('shows billing to a staff member holding billing.view', async () => {
    server([{ permission: 'billing.view' }]);
    renderGuarded(
      <SidebarNav user={user('staff')} open onNavigate={() => {}} />,
      { status: 'authenticated', user: user('staff') },
      '/staff-portal',
    );
    await advance(10);
    expect(links()).toContain('Billing');
    expect(links()).not.toContain('Appointments');
  });
});
