import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionInfo } from '../../../contracts/auth';
import type { SessionUser } from '../../../contracts/user';
import { setSessionRejectedHandler } from '../api-client';
import { SessionController } from './session-controller';
import { SessionContext, type SessionContextValue, type SignOutReason } from './use-session';

/** Queries anyone may see (deployment config, demo accounts) survive a sign-out; everything else is dropped. */
function isPublicQuery(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === 'string' && (url.startsWith('/api/public/') || url.startsWith('/api/demo/'));
}

interface Props {
  children: ReactNode;
  /** The session ended while the app was open (here or in another tab): show the landing page. */
  onSignedOut?: (reason: SignOutReason) => void;
  /** Tests pass their own controller (fake api, clock, storage). */
  controller?: SessionController;
}

/** The one session of the app, shared by every component through useSession(). */
export function SessionProvider({ children, onSignedOut, controller: given }: Props) {
  const queryClient = useQueryClient();
  const [controller] = useState(() => given ?? new SessionController());

  useEffect(() => {
    controller.setSignedOutHandler((reason) => {
      // What the previous user saw must not stay in memory for the next person at this screen.
      queryClient.removeQueries({ predicate: (query) => !isPublicQuery(query.queryKey) });
      onSignedOut?.(reason);
    });
  }, [controller, queryClient, onSignedOut]);

  useEffect(() => {
    controller.start();
    const unsubscribe = setSessionRejectedHandler(controller.handleServerRejection);
    return () => {
      unsubscribe();
      controller.stop();
    };
  }, [controller]);

  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);

  const signIn = useCallback(
    (result: { user: SessionUser; session: SessionInfo }) => {
      const previous = controller.getSnapshot().user;
      if (previous && previous.id !== result.user.id) {
        queryClient.removeQueries({ predicate: (query) => !isPublicQuery(query.queryKey) });
      }
      controller.signIn(result);
    },
    [controller, queryClient],
  );

  const value = useMemo<SessionContextValue>(
    () => ({
      status: snapshot.status,
      user: snapshot.user,
      endedReason: snapshot.endedReason,
      signIn,
      signOut: controller.signOut,
      refresh: controller.refresh,
    }),
    [snapshot, signIn, controller],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
