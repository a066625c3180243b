import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const UserAdminPage = lazyView(() => import('./pages/user-admin-page').then((m) => m.UserAdminPage), ['user-admin', 'validation']);

export const USER_ADMIN_PATH = '/admin/users';

/** Signed-in (admin) routes of the user-admin feature; the server refuses everyone else (403). */
export const userAdminRoutes: RouteObject[] = [{ path: 'admin/users', element: <UserAdminPage /> }];
