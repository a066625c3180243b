import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authApi } from '../../contracts/auth';
import { EARLY_ROUTES } from '../../contracts/early-routes';
import type { RouteAddress } from '../../contracts/route-address';
import { accessOf } from './access';
import { AppError } from './app-error';
import type { ActiveSession } from './session';

// A role the system settings require a second factor of: someone of that role signed in without
// one may only set it up. Every other signed-in call answers 403 MFA_ENROLMENT_REQUIRED until they
// have (the session lookup reads whether they have, so setting it up lifts this at the next
// request). The session and sign-out calls, the set-up itself, and what the signed-in frame reads
// to show the set-up page (the user's settings and permissions, the CSRF token) stay open.

const OPEN_WHILE_ENROLLING: readonly RouteAddress[] = [
  authApi.session,
  authApi.logout,
  authApi.mfaStatus,
  authApi.mfaSetup,
  authApi.mfaEnable,
  EARLY_ROUTES.userSettings,
  EARLY_ROUTES.updateUserSettings,
  EARLY_ROUTES.userPermissions,
  { method: 'GET', path: '/api/csrf-token' },
];

/** Fastify's pattern for a contract path (`:id` is written the same). */
const OPEN = new Set(OPEN_WHILE_ENROLLING.map((route) => `${route.method} ${route.path}`));

/** Whether this session belongs to someone who must set up a second factor before anything else. */
export async function mustEnrolMfa(app: FastifyInstance, session: ActiveSession): Promise<boolean> {
  if (session.mfaEnabled) return false;
  return app.systemSettings.mfaRequiredFor(session.role);
}

function isOpen(request: FastifyRequest): boolean {
  return OPEN.has(`${request.method} ${request.routeOptions.url ?? ''}`);
}

export function registerMfaEnrolmentGate(
  app: FastifyInstance,
  onDenied?: (request: FastifyRequest, reason: string) => Promise<void>,
): void {
  app.addHook('preValidation', async (request) => {
    const session = request.session;
    if (!session || session.mfaEnabled || request.is404) return;
    const access = accessOf(request);
    // Public routes answer anybody, signed in or not.
    if (!access || access === 'public' || isOpen(request)) return;
    if (!(await app.systemSettings.mfaRequiredFor(session.role))) return;
    await onDenied?.(request, 'mfa_enrolment_required');
    throw new AppError('MFA_ENROLMENT_REQUIRED', 'Please set up two-step verification to continue.');
  });
}
