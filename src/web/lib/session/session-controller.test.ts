import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo, SessionResponse } from '../../../contracts/auth';
import { SESSION } from '../../../contracts/constants';
import type { SessionUser } from '../../../contracts/user';
import { ApiError } from '../api-client';
import { ACTIVITY_THROTTLE_MS, SessionController, type SessionApi } from './session-controller';
import { readStoredSession, SESSION_STORAGE_KEY, writeStoredSession } from './session-storage';

// The session's rules and timing (docs/product.md, Sign-in and sessions), on a fake clock. The server
// is a fake SessionApi (the boundary); storage, events and timers are the browser's (jsdom).

const MINUTE = 60_000;
const START = new Date('2026-03-02T09:00:00Z').getTime();

const user: SessionUser = {
  id: '0b6f3d2e-8a57-4c39-9f0e-2d1c8b7a6e51',
  email: 'sarah@example.test',
  firstName: 'Sarah',
  lastName: 'Johnson',
  name: 'Sarah Johnson',
  role: 'patient',
  position: null,
  avatar: null,
  phone: '+1 555 0100',
  dateOfBirth: '1985-04-12',
  gender: 'female',
  address: '1 Main St',
  isFirstTimeLogin: false,
  mfaEnabled: false,
  preferredLanguage: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  medicalRecordNumber: 'MRN123456',
  bloodType: 'O+',
  allergies: ['penicillin'],
  medications: [],
  medicalHistory: [],
  emergencyContact: null,
  country: null,
  insuranceProvider: null,
  insurancePolicyNumber: null,
};

/** What the server says: its sliding timeout ends `idleMinutes` from now. */
function sessionInfo(idleMinutes = 30): SessionInfo {
  return {
    expiresAt: new Date(Date.now() + idleMinutes * MINUTE).toISOString(),
    absoluteExpiresAt: new Date(Date.now() + 12 * 60 * MINUTE).toISOString(),
  };
}

function answer(idleMinutes = 30, who: SessionUser = user): SessionResponse {
  return { user: who, session: sessionInfo(idleMinutes) };
}

const noSession = () => new ApiError('No server session', 401, 'UNAUTHENTICATED');
const offline = () => new ApiError('Network error', 0, 'NETWORK');

class FakeChannel {
  static all: FakeChannel[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  sent: unknown[] = [];
  closed = false;
  constructor() {
    FakeChannel.all.push(this);
  }
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  close() {
    this.closed = true;
  }
  /** Another tab's message arriving here. */
  receive(message: unknown) {
    this.onmessage?.({ data: message } as MessageEvent);
  }
}

function fakeApi() {
  return {
    fetchSession: vi.fn<SessionApi['fetchSession']>(),
    logout: vi.fn<SessionApi['logout']>().mockResolvedValue(undefined),
  };
}

let controllers: SessionController[] = [];

function makeController(api: SessionApi) {
  const onSignedOut = vi.fn();
  const controller = new SessionController({ api, createChannel: () => new FakeChannel() });
  controller.setSignedOutHandler(onSignedOut);
  controllers.push(controller);
  return { controller, onSignedOut, channel: () => FakeChannel.all[FakeChannel.all.length - 1]! };
}

/** Let pending promise callbacks run without moving the clock. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

function storeSession(overrides: Partial<{ lastActivity: number; sessionExpiry: number; serverExpiresAt: number }> = {}) {
  writeStoredSession({
    userId: user.id,
    role: user.role,
    lastActivity: Date.now(),
    sessionExpiry: Date.now() + 30 * MINUTE,
    serverExpiresAt: Date.now() + 30 * MINUTE,
    ...overrides,
  });
}

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
  FakeChannel.all = [];
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  for (const controller of controllers) controller.stop();
  controllers = [];
  vi.useRealTimers();
  warn.mockRestore();
});

describe('starting', () => {
  it('without a stored session asks the server, then stores only non-PHI facts', async () => {
    const api = fakeApi();
    api.fetchSession.mockResolvedValue(answer());
    const { controller } = makeController(api);

    controller.start();
    expect(controller.getSnapshot()).toEqual({ status: 'loading', user: null, endedReason: null });
    await settle();

    expect(controller.getSnapshot()).toEqual({ status: 'authenticated', user, endedReason: null });
    const raw = localStorage.getItem(SESSION_STORAGE_KEY)!;
    expect(Object.keys(JSON.parse(raw)).sort()).toEqual(['lastActivity', 'role', 'serverExpiresAt', 'sessionExpiry', 'userId']);
    // Nothing a person could be identified by.
    for (const secret of [
      user.email,
      user.firstName,
      user.lastName,
      user.phone!,
      user.dateOfBirth!,
      user.medicalRecordNumber!,
      'penicillin',
    ]) {
      expect(raw).not.toContain(secret);
    }
    expect(readStoredSession()).toEqual({
      userId: user.id,
      role: 'patient',
      lastActivity: START,
      sessionExpiry: START + SESSION.inactivityTimeoutMs,
      serverExpiresAt: START + 30 * MINUTE,
    });
  });

  it('without a stored session and no server session is anonymous', async () => {
    const api = fakeApi();
    api.fetchSession.mockRejectedValue(noSession());
    const { controller, onSignedOut } = makeController(api);
    controller.start();
    await settle();
    expect(controller.getSnapshot()).toEqual({ status: 'anonymous', user: null, endedReason: null });
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('shows a stored unexpired session at once, then loads the user from the server', async () => {
    storeSession();
    const api = fakeApi();
    let resolve!: (value: SessionResponse) => void;
    api.fetchSession.mockReturnValue(new Promise((r) => (resolve = r)));
    const { controller } = makeController(api);

    controller.start();
    expect(controller.getSnapshot()).toEqual({ status: 'authenticated', user: null, endedReason: null });
    resolve(answer());
    await settle();
    expect(controller.getSnapshot()).toEqual({ status: 'authenticated', user, endedReason: null });
  });

  it('clears a stored session the server rejects', async () => {
    storeSession();
    const api = fakeApi();
    api.fetchSession.mockRejectedValue(noSession());
    const { controller } = makeController(api);

    controller.start();
    await settle();
    expect(controller.getSnapshot()).toEqual({ status: 'anonymous', user: null, endedReason: null });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps a stored session when the server cannot be reached, and asks again at the next check', async () => {
    storeSession();
    const api = fakeApi();
    api.fetchSession.mockRejectedValueOnce(offline()).mockResolvedValueOnce(answer());
    const { controller } = makeController(api);

    controller.start();
    await settle();
    expect(controller.getSnapshot()).toEqual({ status: 'authenticated', user: null, endedReason: null });
    expect(readStoredSession()).not.toBeNull();

    await vi.advanceTimersByTimeAsync(SESSION.checkIntervalMs);
    expect(controller.getSnapshot()).toEqual({ status: 'authenticated', user, endedReason: null });
  });

  it('drops an expired stored session and asks the server instead', async () => {
    storeSession({ sessionExpiry: START - 1 });
    const api = fakeApi();
    api.fetchSession.mockRejectedValue(noSession());
    const { controller } = makeController(api);
    controller.start();
    expect(controller.getSnapshot().status).toBe('loading');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    await settle();
    expect(api.fetchSession).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot().status).toBe('anonymous');
  });
});

async function signedIn(api = fakeApi()) {
  api.fetchSession.mockRejectedValueOnce(noSession());
  const made = makeController(api);
  made.controller.start();
  await settle();
  made.controller.signIn({ user, session: sessionInfo() });
  return { ...made, api };
}

describe('activity', () => {
  it('extends the local expiry by 30 minutes, at most once per throttle interval', async () => {
    const { controller } = await signedIn();
    expect(controller.getSnapshot().status).toBe('authenticated');

    vi.advanceTimersByTime(10 * MINUTE);
    window.dispatchEvent(new MouseEvent('mousemove'));
    expect(readStoredSession()!.sessionExpiry).toBe(START + 40 * MINUTE);
    expect(readStoredSession()!.lastActivity).toBe(START + 10 * MINUTE);

    // Within the throttle interval nothing is written.
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS - 1);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    expect(readStoredSession()!.sessionExpiry).toBe(START + 40 * MINUTE);

    vi.advanceTimersByTime(1);
    window.dispatchEvent(new Event('scroll'));
    expect(readStoredSession()!.sessionExpiry).toBe(START + 40 * MINUTE + ACTIVITY_THROTTLE_MS);

    for (const type of ['touchstart', 'click']) {
      vi.advanceTimersByTime(MINUTE);
      window.dispatchEvent(new Event(type));
      expect(readStoredSession()!.lastActivity).toBe(Date.now());
    }
  });

  it('is ignored when nobody is signed in', async () => {
    const api = fakeApi();
    api.fetchSession.mockRejectedValue(noSession());
    const { controller } = makeController(api);
    controller.start();
    await settle();
    window.dispatchEvent(new MouseEvent('click'));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('the check every 60 s', () => {
  it('signs out with "expired" once the local expiry has passed, and ends the server session too', async () => {
    const { controller, onSignedOut, api } = await signedIn();

    await vi.advanceTimersByTimeAsync(29 * MINUTE);
    expect(controller.getSnapshot().status).toBe('authenticated');
    expect(onSignedOut).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(controller.getSnapshot()).toEqual({ status: 'anonymous', user: null, endedReason: 'expired' });
    expect(onSignedOut).toHaveBeenCalledWith('expired');
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('counts the inactivity timeout the server says it applies, and a changed one from the last activity', async () => {
    const api = fakeApi();
    api.fetchSession.mockRejectedValueOnce(noSession());
    const { controller, onSignedOut } = makeController(api);
    controller.start();
    await settle();
    controller.signIn({ user, session: { ...sessionInfo(10), inactivityTimeoutMs: 10 * MINUTE } });
    expect(readStoredSession()!.sessionExpiry).toBe(START + 10 * MINUTE);

    // An administrator raises it: the next answer says so, and the local expiry follows.
    vi.advanceTimersByTime(2 * MINUTE);
    window.dispatchEvent(new MouseEvent('mousemove'));
    api.fetchSession.mockResolvedValue({ user, session: { ...sessionInfo(20), inactivityTimeoutMs: 20 * MINUTE } });
    await controller.refresh();
    expect(readStoredSession()!.sessionExpiry).toBe(START + 2 * MINUTE + 20 * MINUTE);

    await vi.advanceTimersByTimeAsync(19 * MINUTE);
    expect(controller.getSnapshot().status).toBe('authenticated');
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(onSignedOut).toHaveBeenCalledWith('expired');
  });

  it('does not expire while the user keeps being active', async () => {
    const { controller, onSignedOut, api } = await signedIn();
    api.fetchSession.mockImplementation(async () => answer());
    for (let minute = 0; minute < 90; minute++) {
      await vi.advanceTimersByTimeAsync(MINUTE);
      window.dispatchEvent(new MouseEvent('mousemove'));
    }
    expect(controller.getSnapshot().status).toBe('authenticated');
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('renews with a normal request when the server has 5 minutes or less left and the user was active', async () => {
    const { controller, api } = await signedIn();
    api.fetchSession.mockImplementation(async () => answer(30));

    // 24 minutes in, with activity: the server still has 6 minutes, no renewal.
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    window.dispatchEvent(new MouseEvent('click'));
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    expect(api.fetchSession).toHaveBeenCalledTimes(1); // the start-up question only

    // 25 minutes in: 5 minutes left, active since the sign-in: renew.
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(api.fetchSession).toHaveBeenCalledTimes(2);
    // Not a background poll: this request is what slides the server's timer.
    expect(api.fetchSession.mock.calls[1]![0]?.background).not.toBe(true);
    expect(readStoredSession()!.serverExpiresAt).toBe(Date.now() + 30 * MINUTE);
    expect(controller.getSnapshot().status).toBe('authenticated');
  });

  it('does not renew for a user who has been idle since the last renewal', async () => {
    const { api } = await signedIn();
    api.fetchSession.mockImplementation(async () => answer(30));
    await vi.advanceTimersByTimeAsync(29 * MINUTE);
    expect(api.fetchSession).toHaveBeenCalledTimes(1);
  });

  it('clears the session with "No server session" when the renewal is refused', async () => {
    const { controller, api, onSignedOut, channel } = await signedIn();
    api.fetchSession.mockRejectedValue(noSession());
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    window.dispatchEvent(new MouseEvent('click'));
    await vi.advanceTimersByTimeAsync(15 * MINUTE);

    expect(controller.getSnapshot()).toEqual({ status: 'anonymous', user: null, endedReason: 'server' });
    expect(warn).toHaveBeenCalledWith('No server session');
    expect(onSignedOut).toHaveBeenCalledWith('server');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    // The other tabs are told.
    expect(channel().sent).toContainEqual({ type: 'signed-out', reason: 'server' });
    // The server already ended it: no logout call.
    expect(api.logout).not.toHaveBeenCalled();
  });

  it('keeps the session on a network failure and records "Network error during session refresh"', async () => {
    const { controller, api, onSignedOut } = await signedIn();
    api.fetchSession.mockRejectedValue(offline());
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    window.dispatchEvent(new MouseEvent('click'));
    await vi.advanceTimersByTimeAsync(15 * MINUTE);

    expect(api.fetchSession).toHaveBeenCalledTimes(2);
    expect(controller.getSnapshot()).toEqual({ status: 'authenticated', user, endedReason: null });
    expect(warn).toHaveBeenCalledWith('Network error during session refresh');
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(readStoredSession()).not.toBeNull();
  });
});

describe('signing in and out', () => {
  it('tells the other tabs about a sign-in', async () => {
    const { channel } = await signedIn();
    expect(channel().sent).toContainEqual({ type: 'signed-in', userId: user.id });
  });

  it('signs out: logout call, storage cleared, other tabs told, the app notified', async () => {
    const { controller, api, onSignedOut, channel } = await signedIn();
    await controller.signOut('user');
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot()).toEqual({ status: 'anonymous', user: null, endedReason: 'user' });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(channel().sent).toContainEqual({ type: 'signed-out', reason: 'user' });
    expect(onSignedOut).toHaveBeenCalledWith('user');
  });

  it('clears the local session even when the logout call fails, and logs "Logout failed"', async () => {
    const { controller, api, onSignedOut } = await signedIn();
    api.logout.mockRejectedValue(offline());
    await controller.signOut('user');
    expect(warn).toHaveBeenCalledWith('Logout failed', expect.anything());
    expect(controller.getSnapshot().status).toBe('anonymous');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(onSignedOut).toHaveBeenCalledWith('user');
  });

  it('a late answer to an earlier question does not revive a signed-out session', async () => {
    const { controller, api } = await signedIn();
    let resolve!: (value: SessionResponse) => void;
    api.fetchSession.mockReturnValue(new Promise((r) => (resolve = r)));
    const refreshing = controller.refresh();
    await controller.signOut('user');
    resolve(answer());
    await refreshing;
    expect(controller.getSnapshot().status).toBe('anonymous');
  });

  it('signs out when any call answers 401 UNAUTHENTICATED', async () => {
    const { controller, onSignedOut } = await signedIn();
    controller.handleServerRejection('/auth/session');
    controller.handleServerRejection('/auth/login');
    expect(controller.getSnapshot().status).toBe('authenticated');
    controller.handleServerRejection('/notifications');
    expect(controller.getSnapshot().status).toBe('anonymous');
    expect(onSignedOut).toHaveBeenCalledWith('server');
  });
});

describe('across tabs', () => {
  it('follows another tab that removed the stored session (storage event)', async () => {
    const { controller, onSignedOut } = await signedIn();
    localStorage.removeItem(SESSION_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, oldValue: '{}', newValue: null }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.getSnapshot()).toEqual({ status: 'anonymous', user: null, endedReason: 'user' });
    expect(onSignedOut).toHaveBeenCalledWith('user');
  });

  it('follows another tab whose session expired (BroadcastChannel), with the reason', async () => {
    const { controller, onSignedOut, channel } = await signedIn();
    channel().receive({ type: 'signed-out', reason: 'expired' });
    expect(controller.getSnapshot().status).toBe('anonymous');
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(onSignedOut).toHaveBeenCalledWith('expired');
    // Not echoed back to the other tabs.
    expect(channel().sent).not.toContainEqual({ type: 'signed-out', reason: 'expired' });
  });

  it('ignores storage events of other keys and activity written by other tabs', async () => {
    const { controller, onSignedOut } = await signedIn();
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    const stored = readStoredSession()!;
    window.dispatchEvent(
      new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: JSON.stringify({ ...stored, lastActivity: Date.now() }) }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.getSnapshot().status).toBe('authenticated');
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it("uses another tab's activity: the local expiry is shared through storage", async () => {
    const { controller } = await signedIn();
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    // Another tab recorded activity just now.
    const stored = readStoredSession()!;
    writeStoredSession({ ...stored, lastActivity: Date.now(), sessionExpiry: Date.now() + 30 * MINUTE });
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect(controller.getSnapshot().status).toBe('authenticated');
  });

  it('picks up a sign-in made in another tab', async () => {
    const api = fakeApi();
    api.fetchSession.mockRejectedValueOnce(noSession()).mockResolvedValueOnce(answer());
    const { controller, channel } = makeController(api);
    controller.start();
    await settle();
    expect(controller.getSnapshot().status).toBe('anonymous');
    channel().receive({ type: 'signed-in', userId: user.id });
    await settle();
    expect(controller.getSnapshot()).toEqual({ status: 'authenticated', user, endedReason: null });
  });
});
