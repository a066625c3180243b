import { RealtimeConnection, SOCKET_OPEN, type RealtimeEnvironment, type SocketLike } from '../realtime-connection';

// A fake browser for the live connection: a socket factory whose sockets the test opens, feeds and
// closes, and page visibility and network state the test switches. Timers are the test's fake timers.

export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  open() {
    this.readyState = SOCKET_OPEN;
    this.onopen?.(new Event('open'));
  }
  receive(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) }));
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

export const USER_ID = '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f';

export function fakeEnvironment(overrides: { random?: number; protocol?: string; host?: string; failCreate?: boolean } = {}) {
  const sockets: FakeSocket[] = [];
  const listeners = { visibility: new Set<() => void>(), online: new Set<() => void>(), offline: new Set<() => void>() };
  const page = { visible: true, online: true, failCreate: overrides.failCreate ?? false };
  let ids = 0;
  const env: RealtimeEnvironment = {
    createSocket(url) {
      if (page.failCreate) throw new Error('blocked');
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    location: { protocol: overrides.protocol ?? 'http:', host: overrides.host ?? 'portal.example:5000', hostname: 'portal.example' },
    isVisible: () => page.visible,
    isOnline: () => page.online,
    onVisibilityChange: (l) => (listeners.visibility.add(l), () => listeners.visibility.delete(l)),
    onOnline: (l) => (listeners.online.add(l), () => listeners.online.delete(l)),
    onOffline: (l) => (listeners.offline.add(l), () => listeners.offline.delete(l)),
    now: () => Date.now(),
    random: () => overrides.random ?? 0,
    newId: () => `check-${++ids}`,
  };
  const connection = new RealtimeConnection(USER_ID, env);
  const last = () => sockets[sockets.length - 1]!;
  const setVisible = (visible: boolean) => {
    page.visible = visible;
    for (const l of listeners.visibility) l();
  };
  const setOnline = (online: boolean) => {
    page.online = online;
    for (const l of online ? listeners.online : listeners.offline) l();
  };
  /** Opens the latest socket and answers its health check. */
  const connectNow = () => {
    last().open();
    const check = last().sent.find((f) => f.type === 'health_check')!;
    last().receive({ type: 'health_check_response', id: check.id, timestamp: Date.now() });
  };
  return { env, connection, sockets, last, setVisible, setOnline, connectNow, page, listeners };
}
