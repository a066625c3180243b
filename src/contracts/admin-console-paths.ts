// The admin console's page paths, apart from its shapes: the sidebar reads them in the signed-in
// shell, which must not load zod with the contracts that validate.

/** The admin console's pages (besides the home, the admin-dashboard view), for the sidebar, the titles and the links. */
export const ADMIN_CONSOLE_PATHS = {
  security: '/admin/security',
  sessions: '/admin/sessions',
  roles: '/admin/roles',
  systemLog: '/admin/system-log',
  analytics: '/admin/analytics',
  reports: '/admin/reports',
} as const;
