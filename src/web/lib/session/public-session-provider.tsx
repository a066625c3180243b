import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { authApi } from '../../../contracts/auth';
import { EARLY_ROUTES } from '../../../contracts/early-routes';
import type { SessionUser } from '../../../contracts/user';
import { callRoute, earlyRoute } from '../api-routes';
import { SessionContext, type SessionContextValue, type SessionStatus } from './use-session';

interface State {
  status: SessionStatus;
  user: SessionUser | null;
}

/** The session check and the sign-out, through their contracts without their zod shapes (the landing entry loads no zod). */
const sessionRoute = earlyRoute<typeof authApi.session>(EARLY_ROUTES.authSession);
const logoutRoute = earlyRoute<typeof authApi.logout>(EARLY_ROUTES.authLogout);

/** The fields of GET /api/auth/session the landing page needs; the app's session controller checks the rest. */
interface SessionAnswer {
  user?: SessionUser | null;
}

function stateFrom(answer: SessionAnswer | undefined): State {
  const user = answer?.user;
  return user && typeof user === 'object' && typeof user.role === 'string'
    ? { status: 'authenticated', user }
    : { status: 'anonymous', user: null };
}

async function fetchSession(): Promise<State> {
  try {
    // Read as loosely as the landing page needs it: an answer of another shape is no session.
    return stateFrom((await callRoute(sessionRoute, {})) as SessionAnswer | undefined);
  } catch {
    // No answer is no session we can use; the app's controller asks again when it takes over.
    return { status: 'anonymous', user: null };
  }
}

/**
 * The session as the light landing entry (landing-app.tsx) sees it: one plain GET /api/auth/session,
 * enough for Get Started to lead to the role's portal and for the signed-in user's theme. The full
 * session machinery (timeouts, other tabs, the live connection) arrives with the app itself, which
 * takes over on the first navigation away from the landing page.
 */
export function PublicSessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ status: 'loading', user: null });

  useEffect(() => {
    let current = true;
    void fetchSession().then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      endedReason: null,
      signIn: ({ user }) => setState({ status: 'authenticated', user }),
      signOut: async () => {
        await callRoute(logoutRoute, {});
        setState({ status: 'anonymous', user: null });
      },
      refresh: async () => setState(await fetchSession()),
    }),
    [state],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
