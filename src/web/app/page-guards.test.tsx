import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../contracts/roles';
import { auditRoutes } from '../features/audit/routes';
import { organisationRoutes } from '../features/organisation/routes';
import { systemSettingsRoutes } from '../features/system-settings/routes';
import { userAdminRoutes } from '../features/user-admin/routes';
import { loadTexts } from '../lib/i18n';
import { advance, json, permissionsAnswer, renderGuarded, setUpGuardTests, stubFetch, user } from '../lib/permissions/testing';

// The admin pages and the patient's access log refuse, as a page, whom their server routes refuse:
// the denial screen instead of the page's frame with nothing in it.

setUpGuardTests();

const ROUTES: RouteObject[] = [...userAdminRoutes, ...auditRoutes, ...organisationRoutes, ...systemSettingsRoutes];

function routeAt(path: string): RouteObject {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
}

const REFUSED: [string, Role][] = [
  ['admin/users', 'doctor'],
  ['admin/users', 'patient'],
  ['admin/audit', 'doctor'],
  ['admin/audit', 'patient'],
  ['admin/organisation', 'doctor'],
  ['admin/organisation', 'patient'],
  ['admin/system-settings', 'doctor'],
  ['admin/system-settings', 'patient'],
  ['privacy/access-log', 'doctor'],
  ['privacy/access-log', 'admin'],
  ['privacy/access-log', 'staff'],
];

describe('page guards of the admin pages and the access log', () => {
  it.each(REFUSED)('refuses /%s to a %s with the denial screen', async (path, role) => {
    stubFetch((url) => (url.endsWith('/permissions') ? json(permissionsAnswer([{ permission: 'appointments.create' }])) : json({})));
    renderGuarded(routeAt(path).element as ReactElement, { status: 'authenticated', user: user(role) }, `/${path}`);
    await advance(1500);
    expect(screen.getByTestId('access-denied')).toBeInTheDocument();
  });

  it('refuses /admin/system-settings to a staff member even holding system.config', async () => {
    stubFetch((url) => (url.endsWith('/permissions') ? json(permissionsAnswer([{ permission: 'system.config' }])) : json({})));
    renderGuarded(
      routeAt('admin/system-settings').element as ReactElement,
      { status: 'authenticated', user: user('staff') },
      '/admin/system-settings',
    );
    await advance(1500);
    expect(screen.getByTestId('access-denied')).toBeInTheDocument();
  });

  it('opens /admin/audit to a staff member holding security.audit', async () => {
    // The page's code and texts are loaded up front: the clock is fake, and what is awaited here
    // is the guard's decision, not the download.
    await Promise.all([import('../features/audit/pages/audit-page'), loadTexts(['audit', 'validation'])]);
    stubFetch((url) => {
      if (url.endsWith('/permissions')) return json(permissionsAnswer([{ permission: 'security.audit' }]));
      if (url.includes('/api/audit/events')) return json({ data: [], page: 1, pageSize: 25, total: 0 });
      if (url.includes('/api/audit/chain'))
        return json({ data: { intact: true, checked: 0, brokenAt: null, verifiedAt: '2026-01-01T00:00:00.000Z' } });
      return json({});
    });
    renderGuarded(routeAt('admin/audit').element as ReactElement, { status: 'authenticated', user: user('staff') }, '/admin/audit');
    await advance(1500);
    expect(screen.queryByTestId('access-denied')).not.toBeInTheDocument();
    // The page itself, not only the absence of the refusal: its heading and its empty list.
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
    expect(screen.getByText('No events match these filters.')).toBeInTheDocument();
  });
});
