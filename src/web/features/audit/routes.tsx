import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';
import { PermissionGuard } from '../../lib/permissions/permission-guard';

const AuditPage = lazyView(() => import('./pages/audit-page').then((m) => m.AuditPage), ['audit', 'validation']);
const AccessLogPage = lazyView(() => import('./pages/access-log-page').then((m) => m.AccessLogPage), ['audit']);

/**
 * Signed-in routes of the audit feature: the admin viewer (the server refuses all but admins and
 * holders of security.audit) and the patient's own access log (patients only). Each page is guarded
 * as the server guards its routes, so a refused user sees the denial screen rather than an empty frame.
 */
export const auditRoutes: RouteObject[] = [
  {
    path: 'admin/audit',
    element: (
      <PermissionGuard roles={['admin', 'staff']} permissions={['security.audit']}>
        <AuditPage />
      </PermissionGuard>
    ),
  },
  {
    path: 'privacy/access-log',
    // Strict: the log is the patient's own, so an admin gets no free pass here either.
    element: (
      <PermissionGuard roles={['patient']} strict>
        <AccessLogPage />
      </PermissionGuard>
    ),
  },
];
