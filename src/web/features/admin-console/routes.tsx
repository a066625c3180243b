import type { RouteObject } from 'react-router';
import { ADMIN_CONSOLE_PATHS } from '../../../contracts/admin-console-paths';
import { lazyView } from '../../lib/lazy-view';
import { PermissionGuard } from '../../lib/permissions/permission-guard';

/** The administrator's home (the admin-dashboard view); the router puts it in the admin's portal. */
export const AdminDashboardPage = lazyView(
  () => import('./pages/admin-dashboard-page').then((m) => m.AdminDashboardPage),
  ['admin-console', 'shell'],
);
const SecurityPage = lazyView(() => import('./pages/security-page').then((m) => m.SecurityPage), ['admin-console', 'shell']);
const SessionsPage = lazyView(() => import('./pages/sessions-page').then((m) => m.SessionsPage), ['admin-console', 'shell', 'validation']);
const RolesPage = lazyView(() => import('./pages/roles-page').then((m) => m.RolesPage), ['admin-console', 'shell']);
const AnalyticsPage = lazyView(
  () => import('./pages/analytics-page').then((m) => m.AnalyticsPage),
  ['admin-console', 'shell', 'validation', 'doctors'],
);
const ReportsPage = lazyView(
  () => import('./pages/reports-page').then((m) => m.ReportsPage),
  ['admin-console', 'shell', 'validation', 'doctors'],
);
const SystemLogPage = lazyView(
  () => import('./pages/system-log-page').then((m) => m.SystemLogPage),
  ['admin-console', 'shell', 'validation'],
);

const relative = (path: string) => path.replace(/^\/+/, '');

/**
 * The admin console's pages, each guarded as the server guards its routes (administrators, or staff
 * holding the permission), so a refused user sees the denial screen rather than an empty frame.
 */
export const adminConsoleRoutes: RouteObject[] = [
  {
    path: relative(ADMIN_CONSOLE_PATHS.security),
    element: (
      <PermissionGuard roles={['admin', 'staff']} permissions={['security.alerts']}>
        <SecurityPage />
      </PermissionGuard>
    ),
  },
  {
    path: relative(ADMIN_CONSOLE_PATHS.sessions),
    element: (
      <PermissionGuard roles={['admin', 'staff']} permissions={['security.alerts']}>
        <SessionsPage />
      </PermissionGuard>
    ),
  },
  {
    path: relative(ADMIN_CONSOLE_PATHS.roles),
    element: (
      <PermissionGuard roles={['admin', 'staff']} permissions={['users.view.all', 'users.permissions']}>
        <RolesPage />
      </PermissionGuard>
    ),
  },
  {
    path: relative(ADMIN_CONSOLE_PATHS.systemLog),
    element: (
      <PermissionGuard roles={['admin', 'staff']} permissions={['system.logs']}>
        <SystemLogPage />
      </PermissionGuard>
    ),
  },
  {
    path: relative(ADMIN_CONSOLE_PATHS.analytics),
    element: (
      <PermissionGuard roles={['admin', 'staff']} permissions={['reports.view.all']}>
        <AnalyticsPage />
      </PermissionGuard>
    ),
  },
  {
    path: relative(ADMIN_CONSOLE_PATHS.reports),
    element: (
      <PermissionGuard roles={['admin', 'staff']} permissions={['reports.export']}>
        <ReportsPage />
      </PermissionGuard>
    ),
  },
];
