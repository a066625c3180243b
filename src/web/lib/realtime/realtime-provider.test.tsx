import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../contracts/notifications';
import type { SessionUser } from '../../../contracts/user';
import { setUpComponentTests } from '../../test/component-tests';
import { endingSession } from '../api-client';
import { SessionContext } from '../session/use-session';
import { ConnectionIndicator } from './connection-indicator';
import { appReactions } from '../../app/push-reactions';
import { RealtimeProvider } from './realtime-provider';
import { fakeEnvironment, USER_ID } from './testing/fake-environment';
import { notificationFixture, sessionFixture } from './testing/fixtures';

// The provider with a fake socket pushing what the server would: the header's indicator, the toasts
// and the query cache react as docs/product.md (Live updates, Notifications and toasts) says.

const NOW = new Date().toISOString();

const stored = () =>
  notificationFixture({ type: 'lab_result', title: 'New lab result', message: 'Your HbA1c result is available.', createdAt: NOW });

function serveNotifications(rows: Notification[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const body = { notifications: rows, unreadCount: rows.filter((n) => !n.isRead).length, nextCursor: null };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function setup() {
  const fake = fakeEnvironment();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const refresh = vi.fn(async () => {});
  const tree = (user: Pick<SessionUser, 'id' | 'role'> | null): ReactNode => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SessionContext.Provider value={sessionFixture(user, refresh)}>
          <RealtimeProvider environment={fake.env} reactions={appReactions}>
            <ConnectionIndicator />
          </RealtimeProvider>
        </SessionContext.Provider>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const staff = { id: USER_ID, role: 'staff' as const };
  const result = render(tree(staff));
  return { ...fake, queryClient, refresh, signOut: () => result.rerender(tree(null)) };
}

setUpComponentTests();

describe('RealtimeProvider', () => {
  it('connects for the signed-in user and shows the state in the header', async () => {
    serveNotifications([]);
    const { sockets, connectNow } = setup();
    expect(sockets).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Live updates: reconnecting');
    act(() => connectNow());
    expect(screen.getByRole('status')).toHaveTextContent('Live updates: connected');
    expect(sockets[0]!.sent[0]).toEqual({ type: 'identify', userId: USER_ID });
  });

  it('a pushed notification refreshes the notification list and shows a toast', async () => {
    serveNotifications([]);
    const { last, connectNow, queryClient } = setup();
    act(() => connectNow());
    queryClient.setQueryData([`/api/notifications?userId=${USER_ID}`], { pages: [], pageParams: [] });

    act(() => last().receive({ type: 'notification', notification: stored(), timestamp: NOW }));

    expect(await screen.findByText('New lab result')).toBeInTheDocument();
    expect(screen.getByText('Your HbA1c result is available.')).toBeInTheDocument();
    expect(queryClient.getQueryState([`/api/notifications?userId=${USER_ID}`])?.isInvalidated).toBe(true);
  });

  it('a permission grant shows its toast and re-fetches the permissions and the session', async () => {
    serveNotifications([]);
    const { last, connectNow, queryClient, refresh } = setup();
    act(() => connectNow());
    queryClient.setQueryData([`/api/users/${USER_ID}/permissions`], { data: { permissions: [] } });
    queryClient.setQueryData(['/api/patients'], { data: [] });

    act(() =>
      last().receive({
        type: 'permission_update',
        action: 'granted',
        userId: USER_ID,
        permission: 'billing.view',
        message: 'Permission granted',
        timestamp: NOW,
      }),
    );

    expect(await screen.findByText('You were granted the permission billing.view.')).toBeInTheDocument();
    expect(screen.getByText('Your permissions changed')).toBeInTheDocument();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState([`/api/users/${USER_ID}/permissions`])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/patients'])?.isInvalidated).toBe(false);
  });

  it('asks for the session at once when the server ends it (4001)', async () => {
    serveNotifications([]);
    const { last, connectNow, refresh } = setup();
    act(() => connectNow());
    act(() => last().serverClose(4001));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Live updates: offline');
  });

  it('closes the connection at sign-out', async () => {
    serveNotifications([]);
    const { sockets, last, connectNow, signOut } = setup();
    act(() => connectNow());
    signOut();
    expect(last().closedWith).toEqual({ code: 1000, reason: 'Client closed' });
    expect(sockets).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Live updates: offline');
  });

  it('a sign-out begun during the handshake asks the server only once the handshake has settled', async () => {
    serveNotifications([]);
    const { sockets, last } = setup();
    const logout = vi.fn(async () => ({ success: true }));
    const signingOut = endingSession(logout);
    await act(async () => {});
    // Ending the session now would have the server refuse the handshake with a 401.
    expect(logout).not.toHaveBeenCalled();
    expect(last().closedWith).toBeNull();
    act(() => last().open());
    await signingOut;
    expect(logout).toHaveBeenCalledTimes(1);
    expect(last().closedWith).toEqual({ code: 1000, reason: 'Client closed' });
    expect(sockets).toHaveLength(1);
  });
});
