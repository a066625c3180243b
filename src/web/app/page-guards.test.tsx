import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../contracts/roles';
import { auditRoutes } from '../features/audit/routes';
import { organisationRoutes } from '../features/organisation/routes';
import { userAdminRoutes } from '../features/user-admin/routes';
import { advance, json, permissionsAnswer, renderGuarded, setUpGuardTests, stubFetch, user } from '../lib/permissions/testing';

// The admin pages and the patient's access log refuse, as a page, whom their server routes refuse:
// the denial screen instead of the page's frame with nothing in it.

setUpGuardTests();

const ROUTES: RouteObject[] = [...userAdminRoutes, ...auditRoutes, ...organisationRoutes];

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

  it('opens /admin/audit to a staff member holding security.audit', async () => {
    stubFetch((url) => (url.endsWith('/permissions') ? json(permissionsAnswer([{ permission: 'security.audit' }])) : json({})));
    renderGuarded(routeAt('admin/audit').element as ReactElement, { status: 'authenticated', user: user('staff') }, '/admin/audit');
    await advance(1500);
    expect(screen.queryByTestId('access-denied')).not.toBeInTheDocument();
  });
});
