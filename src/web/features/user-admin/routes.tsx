import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';
import { PermissionGuard } from '../../lib/permissions/permission-guard';

const UserAdminPage = lazyView(() => import('./pages/user-admin-page').then((m) => m.UserAdminPage), ['user-admin', 'validation']);

export const USER_ADMIN_PATH = '/admin/users';

/**
 * Signed-in (admin) routes of the user-admin feature. The server refuses everyone without
 * users.view.all (403); the page guard shows the same refusal instead of an empty frame.
 */
export const userAdminRoutes: RouteObject[] = [
  {
    path: 'admin/users',
    element: (
      <PermissionGuard roles={['admin', 'staff']} permissions={['users.view.all']}>
        <UserAdminPage />
      </PermissionGuard>
    ),
  },
];
