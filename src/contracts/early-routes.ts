import type { RouteAddress } from './route-address';

// The addresses of the routes the web reads before zod has loaded: the session (asked by the
// landing page and the session controller, which also tell the sign-in and sign-out calls apart),
// the signed-in frame (the user's settings and permissions, the organisation's name) and the
// landing page (its live figures). Their contracts spread these, so each address is still written once, and the web
// builds their calls and cache keys from them with the contract's type (`earlyRoute`,
// src/web/lib/api-routes.ts) without loading the shapes.
export const EARLY_ROUTES = {
  authSession: { method: 'GET', path: '/api/auth/session' },
  authLogin: { method: 'POST', path: '/api/auth/login' },
  authLogout: { method: 'POST', path: '/api/auth/logout' },
  userSettings: { method: 'GET', path: '/api/user/settings' },
  updateUserSettings: { method: 'PUT', path: '/api/user/settings' },
  userPermissions: { method: 'GET', path: '/api/users/:id/permissions' },
  publicConfig: { method: 'GET', path: '/api/public/config' },
  publicStats: { method: 'GET', path: '/api/public/stats' },
} as const satisfies Record<string, RouteAddress>;
