import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';
import { PermissionGuard } from '../../lib/permissions/permission-guard';

const OrganisationPage = lazyView(
  () => import('./pages/organisation-page').then((m) => m.OrganisationPage),
  ['organisation', 'validation'],
);

/** Signed-in (admin) route of the organisation settings; the server refuses all but admins and holders of system.config. */
export const organisationRoutes: RouteObject[] = [
  {
    path: 'admin/organisation',
    element: (
      <PermissionGuard roles={['admin', 'staff']} permissions={['system.config']}>
        <OrganisationPage />
      </PermissionGuard>
    ),
  },
];
