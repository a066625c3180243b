import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const AuditPage = lazyView(() => import('./pages/audit-page').then((m) => m.AuditPage), ['audit']);
const AccessLogPage = lazyView(() => import('./pages/access-log-page').then((m) => m.AccessLogPage), ['audit']);

/**
 * Signed-in routes of the audit feature: the admin viewer (the server refuses all but admins and
 * holders of security.audit) and the patient's own access log (patients only).
 */
export const auditRoutes: RouteObject[] = [
  { path: 'admin/audit', element: <AuditPage /> },
  { path: 'privacy/access-log', element: <AccessLogPage /> },
];
