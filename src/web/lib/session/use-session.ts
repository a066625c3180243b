import { createContext, useContext } from 'react';
import type { SessionInfo } from '../../../contracts/auth';
import type { SessionUser } from '../../../contracts/user';

// The one place the web app learns who is signed in (ADR 006). The provider
// (session-provider.tsx, mounted in app.tsx) owns the state; everyone else reads it through useSession().

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';
export type SignOutReason = 'user' | 'expired' | 'server';

export interface SessionContextValue {
  status: SessionStatus;
  /** The signed-in user once loaded; null while loading or when nobody is signed in. */
  user: SessionUser | null;
  /**
   * Why the session of this app run ended (sign-out, expiry, refusal by the server), so the guards
   * send the user to the landing page rather than to sign in; null otherwise.
   */
  endedReason?: SignOutReason | null;
  /** Call with the successful answer of a sign-in (password, MFA, passkey, registration). */
  signIn(result: { user: SessionUser; session: SessionInfo }): void;
  /** Ends the session here and in every other tab, then shows the landing page. */
  signOut(reason?: SignOutReason): Promise<void>;
  /** Reloads the user and session from GET /api/auth/session (e.g. after a profile or password change). */
  refresh(): Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
