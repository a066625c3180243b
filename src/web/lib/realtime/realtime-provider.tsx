import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { toast } from 'sonner';
import { notificationsApi } from '../../../contracts/notifications';
import { CLOSE_CODES } from '../../../contracts/realtime-protocol';
import { usersApi } from '../../../contracts/users';
import { beforeSessionEnds, isSessionEnding } from '../api-client';
import { routeKey, routeMatcher } from '../api-routes';
import { i18next } from '../i18n';
import { useSession } from '../session/use-session';
import { browserEnvironment } from './browser-environment';
import type { NotificationPreferences } from '../../../contracts/user-settings';
import { toastAllowed } from './notification-category';
import { staleQueries, type ReactionTable } from './feature-reactions';
import { reactionFor } from './push-reactions';
import { pushToastText } from './push-toast-text';
import { RealtimeConnection, type ConnectionSnapshot, type RealtimeEnvironment } from './realtime-connection';
import { RealtimeConnectionSink } from './realtime-status';
import { DISCONNECTED, RealtimeContext } from './use-realtime';

const notificationLists = routeMatcher(notificationsApi.list);
const settingsKey = routeKey(usersApi.settings, {});

interface Props {
  children: ReactNode;
  /** What each pushed message refreshes, declared by the features (app/push-reactions.ts). */
  reactions?: ReactionTable;
  /** Tests pass a fake socket factory, visibility and network. */
  environment?: RealtimeEnvironment;
}

const noSubscription = () => () => {};
const NO_REACTIONS: ReactionTable = {};
const disconnected = () => DISCONNECTED;

/**
 * One live connection per signed-in tab. It opens when someone is signed in, closes at
 * sign-out (or when another person signs in), and turns pushed messages into refetches and toasts.
 */
export function RealtimeProvider({ children, environment, reactions = NO_REACTIONS }: Props) {
  const { snapshot } = useRealtimeConnection(reactions, environment);
  return <RealtimeContext.Provider value={snapshot}>{children}</RealtimeContext.Provider>;
}

/**
 * The same connection for the app, which loads it after its first paint: it hands the connection to
 * the frame's RealtimeStatusProvider (realtime-status.tsx) instead of wrapping the app.
 */
export function RealtimeLink({ environment, reactions = NO_REACTIONS }: Omit<Props, 'children'>) {
  const { connection } = useRealtimeConnection(reactions, environment);
  const handOver = useContext(RealtimeConnectionSink);
  useEffect(() => {
    handOver(connection);
    return () => handOver(null);
  }, [handOver, connection]);
  return null;
}

function useRealtimeConnection(
  reactions: ReactionTable,
  environment: RealtimeEnvironment | undefined,
): { connection: RealtimeConnection | null; snapshot: ConnectionSnapshot } {
  const { user, refresh } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const env = useMemo(() => environment ?? browserEnvironment(), [environment]);
  const connection = useMemo(() => (userId ? new RealtimeConnection(userId, env) : null), [userId, env]);
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);

  useEffect(() => {
    if (!connection) return;
    const offMessage = connection.onMessage((message) => {
      const stale = staleQueries(reactions, message);
      const reaction = reactionFor(message);
      if (!reaction && stale.length === 0) return;
      if (stale.length > 0) void queryClient.invalidateQueries({ predicate: (query) => stale.some((matches) => matches(query.queryKey)) });
      if (!reaction) return;
      // Permission and role changes re-fetch the session; the permission list is among the stale
      // queries (lib/permissions/access-reactions.ts).
      if (reaction.refreshAccess) void refreshRef.current();
      // The kinds the user silenced in settings (usersApi.settings, cached by the theme sync).
      const preferences = queryClient.getQueryData<{ data?: { notifications?: NotificationPreferences } }>(settingsKey)?.data
        ?.notifications;
      if (reaction.toast && toastAllowed(message, preferences)) {
        const { title, description } = pushToastText(i18next.t, message);
        toast[reaction.toast.variant](title, { description, duration: reaction.toast.durationMs });
      }
    });
    const offClose = connection.onClose((code) => {
      // The server ended the session (sign-out elsewhere, expiry, deactivation): let the session
      // client find out now rather than at its next check.
      if (code === CLOSE_CODES.sessionEnded) void refreshRef.current();
    });
    // Events pushed while the socket was down are lost; after a reconnection the bell asks again.
    let connectedBefore = false;
    let previous = connection.getSnapshot().state;
    const offState = connection.subscribe(() => {
      const { state } = connection.getSnapshot();
      if (state === 'connected' && previous !== 'connected') {
        if (connectedBefore) void queryClient.invalidateQueries({ predicate: (query) => notificationLists(query.queryKey) });
        connectedBefore = true;
      }
      previous = state;
    });
    // A sign-out first lets a handshake in flight settle; a link mounted while one is under way
    // does not start.
    const offSignOut = beforeSessionEnds(() => connection.stop());
    if (!isSessionEnding()) connection.start();
    return () => {
      offMessage();
      offClose();
      offState();
      offSignOut();
      void connection.stop();
    };
  }, [connection, queryClient, reactions]);

  const snapshot = useSyncExternalStore(
    connection?.subscribe ?? noSubscription,
    connection?.getSnapshot ?? disconnected,
    connection?.getSnapshot ?? disconnected,
  );
  return { connection, snapshot };
}
