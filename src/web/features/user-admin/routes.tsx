import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const UserAdminPage = lazy(() => import('./pages/user-admin-page').then((m) => ({ default: m.UserAdminPage })));

export const USER_ADMIN_PATH = '/admin/users';

/** Signed-in (admin) routes of the user-admin feature; the server refuses everyone else (403). */
export const userAdminRoutes: RouteObject[] = [{ path: 'admin/users', element: <UserAdminPage /> }];
