import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const AuditPage = lazy(() => import('./pages/audit-page').then((m) => ({ default: m.AuditPage })));
const AccessLogPage = lazy(() => import('./pages/access-log-page').then((m) => ({ default: m.AccessLogPage })));

/**
 * Signed-in routes of the audit feature: the admin viewer (the server refuses all but admins and
 * holders of security.audit) and the patient's own access log (patients only).
 */
export const auditRoutes: RouteObject[] = [
  { path: 'admin/audit', element: <AuditPage /> },
  { path: 'privacy/access-log', element: <AccessLogPage /> },
];
