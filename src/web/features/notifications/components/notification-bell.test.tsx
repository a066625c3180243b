import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationList } from '../../../../contracts/notifications';
import { resetCsrfToken } from '../../../lib/api-client';
import { i18next, initI18n } from '../../../lib/i18n';
import type { ConnectionSnapshot } from '../../../lib/realtime/realtime-connection';
import { notificationLists } from '../api/notifications';
import { appReactions } from '../../../app/push-reactions';
import { RealtimeProvider } from '../../../lib/realtime/realtime-provider';
import { fakeEnvironment } from '../../../lib/realtime/testing/fake-environment';
import { notificationFixture, sessionFixture } from '../../../lib/realtime/testing/fixtures';
import { DISCONNECTED, RealtimeContext } from '../../../lib/realtime/use-realtime';
import { SessionContext } from '../../../lib/session/use-session';
import { NotificationBell } from './notification-bell';

// The bell with real components, real i18n and TanStack Query; only the network (fetch) is replaced
// by a small in-memory notifications server that behaves like the real endpoints.

const USER_ID = '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f';
const MINUTE = 60_000;

function item(id: number, overrides: Partial<Notification> = {}): Notification {
  return notificationFixture({
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    title: `Title ${id}`,
    message: `Message ${id}`,
    createdAt: new Date(Date.now() - id * 5 * MINUTE).toISOString(),
    ...overrides,
  });
}

type Call = { method: string; url: string; body: unknown };

function notificationServer(initial: Notification[], fail: { list?: boolean; read?: boolean; remove?: boolean } = {}) {
  let rows = [...initial];
  const calls: Call[] = [];
  const reply = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/csrf-token') return reply({ csrfToken: 'token' });
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      if (method === 'GET') {
        if (fail.list) return reply({ error: { code: 'INTERNAL', message: 'Failed to fetch notifications' } }, 500);
        const page: NotificationList = { notifications: rows, unreadCount: rows.filter((n) => !n.isRead).length, nextCursor: null };
        return reply(page);
      }
      const id = url.split('/')[3];
      if (method === 'PUT' && url.endsWith('/mark-all-read')) {
        rows = rows.map((n) => ({ ...n, isRead: true }));
        return reply({ success: true, updated: 2 });
      }
      if (method === 'PUT') {
        if (fail.read) return reply({ error: { code: 'INTERNAL', message: 'x' } }, 500);
        rows = rows.map((n) => (n.id === id ? { ...n, isRead: true } : n));
        return reply({ success: true });
      }
      if (fail.remove) return reply({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
      rows = rows.filter((n) => n.id !== id);
      return reply({ success: true });
    }),
  );
  return {
    calls,
    add(n: Notification) {
      rows = [n, ...rows];
    },
    lists: () => calls.filter((c) => c.method === 'GET').length,
  };
}

function renderBell(status: ConnectionSnapshot = DISCONNECTED) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrap = (snapshot: ConnectionSnapshot, ui: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RealtimeContext.Provider value={snapshot}>{ui}</RealtimeContext.Provider>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const result = render(wrap(status, <NotificationBell userId={USER_ID} />));
  return {
    queryClient,
    setStatus: (snapshot: ConnectionSnapshot) => result.rerender(wrap(snapshot, <NotificationBell userId={USER_ID} />)),
  };
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetCsrfToken();
  await i18next.changeLanguage('en');
});

describe('the bell', () => {
  it('names the unread count and shows it', async () => {
    const server = notificationServer([item(1), item(2), item(3, { isRead: true })]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('2');
    expect(server.calls[0]).toMatchObject({ method: 'GET', url: `/api/notifications?userId=${USER_ID}` });
  });

  it('says none unread and shows no badge when all are read', async () => {
    notificationServer([item(1, { isRead: true })]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, none unread' });
    expect(within(bell).queryByTestId('notification-count')).toBeNull();
  });

  it('updates the count when the list is refreshed (as a push does)', async () => {
    const server = notificationServer([item(1)]);
    const { queryClient } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    server.add(item(0, { title: 'Fresh' }));
    await act(() => queryClient.invalidateQueries({ predicate: (query) => notificationLists(query.queryKey) }));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('polls every 30 s only while the live connection is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = notificationServer([item(1)]);
    const { setStatus } = renderBell({ ...DISCONNECTED, state: 'reconnecting' });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(server.lists()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(server.lists()).toBe(2));

    setStatus({ ...DISCONNECTED, state: 'connected' });
    await act(() => vi.advanceTimersByTimeAsync(3 * 30_000));
    expect(server.lists()).toBe(2);

    setStatus({ ...DISCONNECTED, state: 'failed' });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(server.lists()).toBe(3));
  });
});

describe('the list', () => {
  it('shows titles, messages and relative times, newest first', async () => {
    notificationServer([item(0), item(2), item(24), item(24 * 12 * 3)]);
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: /^Notifications, 4 unread$/ }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByRole('heading', { name: 'Notifications' })).toHaveFocus();
    const times = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('time')?.textContent);
    expect(times).toEqual(['Just now', '10m ago', '2h ago', '3d ago']);
    expect(within(panel).getByText('Message 2')).toBeInTheDocument();
  });

  it('closes with Escape and gives focus back to the bell', async () => {
    notificationServer([item(1)]);
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bell).toHaveFocus();
  });

  it('shows an empty state', async () => {
    notificationServer([]);
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
    expect(screen.getByText('No notifications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('says the list could not be fetched, and retries', async () => {
    const server = notificationServer([], { list: true });
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(server.lists()).toBe(1));
    await user.click(bell);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch notifications');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.lists()).toBe(2));
  });

  it('marks all read', async () => {
    const server = notificationServer([item(1), item(2)]);
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
    expect(server.calls).toContainEqual({ method: 'PUT', url: '/api/notifications/mark-all-read', body: { userId: USER_ID } });
  });

  it('deletes one', async () => {
    const server = notificationServer([item(1), item(2)]);
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('button', { name: 'Delete notification: Title 1' }));
    await waitFor(() => expect(screen.queryByText('Title 1')).toBeNull());
    expect(screen.getByText('Title 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(server.calls).toContainEqual({ method: 'DELETE', url: `/api/notifications/${item(1).id}`, body: undefined });
  });

  it('says so when a delete fails, and keeps the item', async () => {
    notificationServer([item(1)], { remove: true });
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('button', { name: 'Delete notification: Title 1' }));
    expect(await screen.findByText('Failed to delete notification')).toBeInTheDocument();
    expect(screen.getByText('Title 1')).toBeInTheDocument();
  });

  it('shows server-produced notifications in the reader’s language', async () => {
    notificationServer([item(1, { code: 'security.password_changed', title: 'Your password was changed', message: 'English text' })]);
    await i18next.changeLanguage('de');
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' }));
    expect(screen.getByText('Ihr Passwort wurde geändert')).toBeInTheDocument();
    expect(screen.queryByText('English text')).toBeNull();
  });
});

describe('opening one', () => {
  it('titles the doctor and orders the patient of a coded notification in the reader’s language from the name’s parts', async () => {
    const startsAt = '2030-03-12T14:30:00.000Z';
    const reminder = item(1, {
      type: 'reminder',
      code: 'appointment.reminder_due',
      title: 'Appointment reminder',
      message: 'Your in-person appointment with Dr. 伟 王 is on 2030-03-12 14:30 (UTC).',
      params: { doctorFirstName: '伟', doctorLastName: '王', startsAt },
      metadata: {
        doctorFirstName: '伟',
        doctorLastName: '王',
        patientFirstName: '娜',
        patientLastName: '李',
        consultationType: 'in-person',
      },
    });
    notificationServer([reminder]);
    await i18next.changeLanguage('zh');
    try {
      const when = new Intl.DateTimeFormat('zh', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(startsAt));
      const user = userEvent.setup();
      renderBell();
      await user.click(await screen.findByRole('button', { name: '通知，1 条未读' }));
      await user.click(screen.getByRole('button', { name: /^(未读：\s*)?预约提醒/ }));
      const detail = await screen.findByRole('dialog', { name: '预约提醒' });
      expect(within(detail).getByText(`您与王伟 医生的预约时间为${when}。`)).toBeInTheDocument();
      // The detail's doctor field too; nothing of the stored English title.
      expect(within(detail).getByText('王伟 医生')).toBeInTheDocument();
      // The patient field, family name first.
      expect(within(detail).getByText('李娜')).toBeInTheDocument();
      expect(detail).not.toHaveTextContent('Dr.');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('marks it read and shows the detail, advising an early arrival for an in-person consultation', async () => {
    // Stored before people were sent as name parts: the English names show as written.
    const consultation = item(1, {
      type: 'consultation',
      title: 'Consultation booked',
      message: 'Your consultation with Dr. Rivera is booked.',
      metadata: { doctorName: 'Dr. Rivera', patientName: 'Ann Patient', consultationType: 'in-person' },
      actionUrl: '/appointments',
    });
    const server = notificationServer([consultation, item(2)]);
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    await user.click(screen.getByRole('button', { name: /^(Unread:\s*)?Consultation booked/ }));

    const detail = await screen.findByRole('dialog', { name: 'Consultation booked' });
    expect(within(detail).getByText('Please arrive 15 minutes early for your in-person consultation.')).toBeInTheDocument();
    expect(within(detail).getByText('Dr. Rivera')).toBeInTheDocument();
    expect(within(detail).getByText('Ann Patient')).toBeInTheDocument();
    expect(within(detail).getByText('In-person consultation')).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/appointments');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument());
    expect(server.calls).toContainEqual({ method: 'PUT', url: `/api/notifications/${consultation.id}/read`, body: {} });

    await user.click(within(detail).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(bell).toHaveFocus());
  });

  it('gives no early-arrival advice for a video consultation, and follows no outside link', async () => {
    notificationServer([item(1, { metadata: { consultationType: 'video' }, actionUrl: 'https://evil.example/' })]);
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('button', { name: /^(Unread:\s*)?Title 1/ }));
    const detail = await screen.findByRole('dialog', { name: 'Title 1' });
    expect(within(detail).queryByTestId('arrive-early')).toBeNull();
    expect(within(detail).getByText('Video consultation')).toBeInTheDocument();
    expect(within(detail).queryByRole('link')).toBeNull();
  });

  it('opens a security notice written with the old /settings link on the security section of the settings view', async () => {
    notificationServer([item(1, { type: 'system', actionUrl: '/settings' })]);
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('button', { name: /^(Unread:\s*)?Title 1/ }));
    const detail = await screen.findByRole('dialog', { name: 'Title 1' });
    expect(within(detail).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/profile-settings#security');
  });

  it('does not mark an already read one again', async () => {
    const server = notificationServer([item(1, { isRead: true })]);
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
    await user.click(screen.getByRole('button', { name: /^(Unread:\s*)?Title 1/ }));
    await screen.findByRole('dialog', { name: 'Title 1' });
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('says so when marking read fails', async () => {
    notificationServer([item(1)], { read: true });
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('button', { name: /^(Unread:\s*)?Title 1/ }));
    expect(await screen.findByText('Failed to mark as read')).toBeInTheDocument();
  });
});

describe('live', () => {
  it('a notification pushed over the live connection updates the count without polling', async () => {
    const server = notificationServer([]);
    const fake = fakeEnvironment();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SessionContext.Provider value={sessionFixture({ id: USER_ID, role: 'patient' })}>
            <RealtimeProvider environment={fake.env} reactions={appReactions}>
              <NotificationBell userId={USER_ID} />
            </RealtimeProvider>
          </SessionContext.Provider>
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    act(() => fake.connectNow());
    await screen.findByRole('button', { name: 'Notifications, none unread' });

    const pushed = item(0, { title: 'Appointment confirmed' });
    server.add(pushed);
    act(() => fake.last().receive({ type: 'notification', notification: pushed, timestamp: pushed.createdAt }));

    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(server.lists()).toBe(2);
  });
});
