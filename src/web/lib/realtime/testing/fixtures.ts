import { vi } from 'vitest';
import type { Notification } from '../../../../contracts/notifications';
import type { SessionUser } from '../../../../contracts/user';
import type { SessionContextValue } from '../../session/use-session';

/** A stored notification as the server sends it (contracts/notifications.ts), unread, medium priority. */
export function notificationFixture(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    type: 'appointment',
    title: 'Appointment booked',
    message: 'Your appointment is booked.',
    createdAt: new Date().toISOString(),
    isRead: false,
    priority: 'medium',
    actionUrl: null,
    metadata: {},
    code: null,
    params: {},
    ...overrides,
  };
}

/** The session as a signed-in user's components see it; null for a signed-out screen. */
export function sessionFixture(user: Pick<SessionUser, 'id' | 'role'> | null, refresh = vi.fn(async () => {})): SessionContextValue {
  return {
    status: user ? 'authenticated' : 'anonymous',
    user: user as SessionUser | null,
    signIn: vi.fn(),
    signOut: vi.fn(async () => {}),
    refresh,
  };
}
