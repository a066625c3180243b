import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelay } from './backoff';
import { closeCodeKey, isFinalCloseCode } from './close-codes';
import { qualityFromLatency } from './connection-quality';
import { PUSH } from './push-constants';
import { realtimeUrl } from './realtime-connection';
import { fakeEnvironment, USER_ID } from './testing/fake-environment';

// The connection with fake timers and a fake socket factory: the backoff schedule is checked
// to the millisecond, and the browser's visibility and network events are driven by the test.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoff schedule', () => {
  it('doubles from 2 s to a 45 s cap without jitter', () => {
    const delays = Array.from({ length: 8 }, (_, attempt) => reconnectDelay(attempt, 0));
    expect(delays).toEqual([2000, 4000, 8000, 16_000, 32_000, 45_000, 45_000, 45_000]);
  });

  it('adds at most 10% jitter, never less than the base', () => {
    for (let attempt = 0; attempt < 15; attempt += 1) {
      const base = reconnectDelay(attempt, 0);
      for (const random of [0, 0.25, 0.5, 0.999_999]) {
        const delay = reconnectDelay(attempt, random);
        expect(delay).toBeGreaterThanOrEqual(base);
        expect(delay).toBeLessThanOrEqual(base * 1.1);
      }
    }
    expect(reconnectDelay(0, 0.5)).toBe(2100);
    expect(reconnectDelay(10, 0.999_999)).toBe(49_500);
  });
});

describe('quality and close codes', () => {
  it('rates ping latency', () => {
    expect(qualityFromLatency(0)).toBe('excellent');
    expect(qualityFromLatency(99)).toBe('excellent');
    expect(qualityFromLatency(100)).toBe('good');
    expect(qualityFromLatency(299)).toBe('good');
    expect(qualityFromLatency(300)).toBe('poor');
    expect(qualityFromLatency(20, false)).toBe('poor');
  });

  it('names close codes and knows which are final', () => {
    expect(closeCodeKey(1000)).toBe('normal');
    expect(closeCodeKey(1001)).toBe('goingAway');
    expect(closeCodeKey(1006)).toBe('abnormal');
    expect(closeCodeKey(4001)).toBe('sessionEnded');
    expect(closeCodeKey(4321)).toBe('application');
    expect(closeCodeKey(3001)).toBe('unknown');
    expect([1000, 4000, 4001, 4999].every(isFinalCloseCode)).toBe(true);
    expect([1001, 1006, 1011, 3999, 5000].some(isFinalCloseCode)).toBe(false);
  });
});

describe('the URL', () => {
  it('is /ws on the same host, secure when the page is', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'portal.example:8080', hostname: 'portal.example' })).toBe('ws://portal.example:8080/ws');
    expect(realtimeUrl({ protocol: 'https:', host: 'portal.example', hostname: 'portal.example' })).toBe('wss://portal.example/ws');
    expect(realtimeUrl({ protocol: 'http:', host: '', hostname: '' })).toBe('ws://localhost:5000/ws');
  });
});

describe('opening', () => {
  it('identifies, checks health, and is connected on the matching answer only', () => {
    const { connection, last } = fakeEnvironment();
    connection.start();
    expect(connection.getSnapshot().state).toBe('connecting');
    expect(last().url).toBe('ws://portal.example:5000/ws');

    last().open();
    expect(last().sent[0]).toEqual({ type: 'identify', userId: USER_ID });
    expect(last().sent[1]).toMatchObject({ type: 'health_check', id: 'check-1' });
    last().receive({ type: 'health_check_response', id: 'another', timestamp: 1 });
    expect(connection.getSnapshot().state).toBe('connecting');

    last().receive({ type: 'health_check_response', id: 'check-1', timestamp: 1 });
    expect(connection.getSnapshot()).toMatchObject({ state: 'connected', retryCount: 0, quality: 'good' });
  });

  it('passes the health check by fallback after 4 s while the socket is open', () => {
    const { connection, last } = fakeEnvironment();
    connection.start();
    last().open();
    vi.advanceTimersByTime(PUSH.healthCheckFallbackMs - 1);
    expect(connection.getSnapshot().state).toBe('connecting');
    vi.advanceTimersByTime(1);
    expect(connection.getSnapshot().state).toBe('connected');
  });

  it('fails a health check not passed within 10 s and retries', () => {
    const { connection, sockets, last } = fakeEnvironment();
    connection.start();
    last().open();
    // The socket reports open but stops being open before the fallback: no pass.
    (last() as { readyState: number }).readyState = 2;
    vi.advanceTimersByTime(PUSH.healthCheckTimeoutMs);
    expect(sockets[0]!.closedWith).not.toBeNull();
    expect(connection.getSnapshot().state).toBe('reconnecting');
    vi.advanceTimersByTime(PUSH.closeSettleMs + 2000);
    expect(sockets).toHaveLength(2);
  });

  it('gives up on a socket that does not open within 35 s and retries', () => {
    const { connection, sockets } = fakeEnvironment();
    connection.start();
    vi.advanceTimersByTime(PUSH.connectionTimeoutMs - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets[0]!.closedWith).not.toBeNull();
    expect(connection.getSnapshot()).toMatchObject({ state: 'reconnecting', lastCloseCode: 1006 });
    vi.advanceTimersByTime(PUSH.closeSettleMs + 2000);
    expect(sockets).toHaveLength(2);
  });

  it('retries a socket that cannot even be created, and fails after the retries', () => {
    const { connection } = fakeEnvironment({ failCreate: true });
    connection.start();
    expect(connection.getSnapshot()).toMatchObject({ state: 'reconnecting', retryCount: 1 });
    vi.advanceTimersByTime(20 * 60_000);
    expect(connection.getSnapshot()).toMatchObject({ state: 'failed', retryCount: PUSH.maxRetries });
  });

  it('passes control frames to no one, and live events to its listeners', () => {
    const { connection, connectNow, last } = fakeEnvironment();
    const messages: unknown[] = [];
    connection.onMessage((m) => messages.push(m));
    connection.start();
    connectNow();
    last().receive({ type: 'connection_established', timestamp: 1 });
    last().receive({ type: 'pong', timestamp: 1 });
    last().receive('not json');
    last().receive({ no: 'type' });
    last().receive({ type: 'appointment_update', action: 'created' });
    expect(messages).toEqual([{ type: 'appointment_update', action: 'created' }]);
  });
});

describe('reconnecting', () => {
  it('waits 100 ms, then 2 s doubling to 45 s, and fails after 15 retries', () => {
    const { connection, sockets, last } = fakeEnvironment();
    connection.start();
    const waits: number[] = [];
    for (let retry = 0; retry < PUSH.maxRetries; retry += 1) {
      last().serverClose(1006);
      const before = sockets.length;
      let waited = 0;
      while (sockets.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
      expect(connection.getSnapshot()).toMatchObject({ state: 'reconnecting', retryCount: retry + 1 });
    }
    expect(waits).toEqual([2100, 4100, 8100, 16_100, 32_100, ...Array<number>(10).fill(45_100)]);

    last().serverClose(1006);
    vi.advanceTimersByTime(60 * 60_000);
    expect(connection.getSnapshot().state).toBe('failed');
    expect(sockets).toHaveLength(1 + PUSH.maxRetries);
  });

  it('applies the jitter to the wait', () => {
    const { connection, sockets, last } = fakeEnvironment({ random: 0.5 });
    connection.start();
    last().serverClose(1006);
    vi.advanceTimersByTime(PUSH.closeSettleMs + 2099);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('starts counting again after a successful connection', () => {
    const { connection, sockets, last, connectNow } = fakeEnvironment();
    connection.start();
    last().serverClose(1006);
    vi.advanceTimersByTime(PUSH.closeSettleMs + 2000);
    last().serverClose(1006);
    vi.advanceTimersByTime(PUSH.closeSettleMs + 4000);
    expect(sockets).toHaveLength(3);
    connectNow();
    expect(connection.getSnapshot().retryCount).toBe(0);
    last().serverClose(1011);
    vi.advanceTimersByTime(PUSH.closeSettleMs + 2000);
    expect(sockets).toHaveLength(4);
  });

  it.each([1000, 4000, 4001, 4003, 4999])('does not retry after close code %i', (code) => {
    const { connection, sockets, last, connectNow } = fakeEnvironment();
    const closes: number[] = [];
    connection.onClose((c) => closes.push(c));
    connection.start();
    connectNow();
    last().serverClose(code);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
    expect(connection.getSnapshot()).toMatchObject({ state: 'disconnected', lastCloseCode: code });
    expect(closes).toEqual([code]);
  });

  it('does not retry while offline, and reconnects with fresh retries when back online', () => {
    const { connection, sockets, last, setOnline } = fakeEnvironment();
    connection.start();
    last().serverClose(1006);
    vi.advanceTimersByTime(PUSH.closeSettleMs + 2000);
    expect(connection.getSnapshot().retryCount).toBe(1);

    setOnline(false);
    expect(connection.getSnapshot().quality).toBe('poor');
    last().serverClose(1006);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(2);
    expect(connection.getSnapshot()).toMatchObject({ state: 'disconnected', quality: 'poor' });

    setOnline(true);
    expect(sockets).toHaveLength(3);
    expect(connection.getSnapshot()).toMatchObject({ state: 'connecting', retryCount: 0 });
  });

  it('coming online cuts a pending backoff short', () => {
    const { connection, sockets, last, setOnline } = fakeEnvironment();
    connection.start();
    for (let i = 0; i < 4; i += 1) {
      last().serverClose(1006);
      const before = sockets.length;
      while (sockets.length === before) vi.advanceTimersByTime(100);
    }
    expect(connection.getSnapshot().retryCount).toBe(4);
    last().serverClose(1006);
    vi.advanceTimersByTime(PUSH.closeSettleMs);
    const before = sockets.length;
    setOnline(true);
    expect(sockets).toHaveLength(before + 1);
    expect(connection.getSnapshot().retryCount).toBe(0);
  });
});

describe('visibility and heartbeat', () => {
  it('pings every 45 s only while the page is visible, and rates the latency', () => {
    const { connection, last, connectNow, setVisible } = fakeEnvironment();
    connection.start();
    connectNow();
    const pings = () => last().sent.filter((f) => f.type === 'ping').length;

    vi.advanceTimersByTime(PUSH.heartbeatMs - 1);
    expect(pings()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(pings()).toBe(1);
    vi.advanceTimersByTime(250);
    last().receive({ type: 'pong', timestamp: Date.now() });
    expect(connection.getSnapshot()).toMatchObject({ latencyMs: 250, quality: 'good' });

    vi.advanceTimersByTime(PUSH.heartbeatMs - 250);
    expect(pings()).toBe(2);
    vi.advanceTimersByTime(40);
    last().receive({ type: 'pong', timestamp: Date.now() });
    expect(connection.getSnapshot()).toMatchObject({ latencyMs: 40, quality: 'excellent' });

    setVisible(false);
    vi.advanceTimersByTime(5 * PUSH.heartbeatMs);
    expect(pings()).toBe(2);

    setVisible(true);
    vi.advanceTimersByTime(PUSH.heartbeatMs);
    expect(pings()).toBe(3);
    vi.advanceTimersByTime(400);
    last().receive({ type: 'pong', timestamp: Date.now() });
    expect(connection.getSnapshot().quality).toBe('poor');
  });

  it('does not ping a page that was hidden when the connection opened', () => {
    const { connection, last, connectNow, setVisible } = fakeEnvironment();
    setVisible(false);
    connection.start();
    connectNow();
    vi.advanceTimersByTime(3 * PUSH.heartbeatMs);
    expect(last().sent.filter((f) => f.type === 'ping')).toHaveLength(0);
  });

  it('reconnects when the page becomes visible after a final close or after failing', () => {
    const { connection, sockets, last, connectNow, setVisible } = fakeEnvironment();
    connection.start();
    connectNow();
    last().serverClose(1000);
    expect(connection.getSnapshot().state).toBe('disconnected');
    setVisible(false);
    setVisible(true);
    expect(sockets).toHaveLength(2);

    for (let i = 0; i <= PUSH.maxRetries; i += 1) {
      last().serverClose(1006);
      vi.advanceTimersByTime(60_000);
    }
    expect(connection.getSnapshot().state).toBe('failed');
    const before = sockets.length;
    setVisible(false);
    setVisible(true);
    expect(sockets).toHaveLength(before + 1);
    expect(connection.getSnapshot()).toMatchObject({ state: 'connecting', retryCount: 0 });
  });

  it('leaves a working connection alone when the page becomes visible', () => {
    const { connection, sockets, connectNow, setVisible } = fakeEnvironment();
    connection.start();
    connectNow();
    setVisible(false);
    setVisible(true);
    expect(sockets).toHaveLength(1);
    expect(connection.getSnapshot().state).toBe('connected');
  });
});

describe('stopping (sign-out)', () => {
  it('closes with 1000, stops listening and never reconnects', () => {
    const { connection, sockets, last, connectNow, setVisible, setOnline, listeners } = fakeEnvironment();
    connection.start();
    connectNow();
    connection.stop();
    expect(last().closedWith).toEqual({ code: 1000, reason: 'Client closed' });
    expect(connection.getSnapshot().state).toBe('disconnected');
    expect(listeners.visibility.size + listeners.online.size + listeners.offline.size).toBe(0);
    setVisible(true);
    setOnline(true);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('lets a handshake in flight settle: closes once it opens, and only then reports done', async () => {
    const { connection, sockets, last } = fakeEnvironment();
    connection.start();
    let done = false;
    const stopped = connection.stop().then(() => {
      done = true;
    });
    // Closing a socket still in its handshake would make the browser log an error.
    expect(last().closedWith).toBeNull();
    await Promise.resolve();
    expect(done).toBe(false);
    last().open();
    await stopped;
    expect(last().closedWith).toEqual({ code: 1000, reason: 'Client closed' });
    expect(last().sent).toEqual([]);
    expect(connection.getSnapshot().state).toBe('disconnected');
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('reports done when a handshake in flight fails, without a retry', async () => {
    const { connection, sockets, last } = fakeEnvironment();
    connection.start();
    const stopped = connection.stop();
    last().serverClose(1006);
    await stopped;
    expect(last().closedWith).toBeNull();
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });
});
