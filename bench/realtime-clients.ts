/**
 * The client side of bench/realtime.ts, in a process of its own (forked by it): 10,000 sockets on
 * each side would not fit one process's file limit, and the clients' work must not be counted as
 * the server's. Driven over IPC: connect, expect a round, close.
 */
import { WebSocket } from 'ws';

type Command =
  | { cmd: 'connect'; url: string; origin: string; cookies: string[] | null; count: number }
  | { cmd: 'expect'; round: number; count: number }
  | { cmd: 'close' };

let sockets: WebSocket[] = [];
let expecting: { round: number; count: number; latencies: number[]; last: number } | null = null;
const wallNow = () => performance.timeOrigin + performance.now();
const reply = (message: unknown) => process.send!(message);

function onMessage(data: WebSocket.RawData): void {
  if (!expecting) return;
  const frame = JSON.parse(data.toString()) as { notification?: { message?: string } };
  const [round, sentAt] = (frame.notification?.message ?? '').split('|').map(Number);
  if (round !== expecting.round) return;
  const now = wallNow();
  expecting.latencies.push(now - sentAt!);
  expecting.last = now;
  if (expecting.latencies.length === expecting.count) {
    reply({ done: expecting.round, latencies: expecting.latencies, last: expecting.last });
    expecting = null;
  }
}

function open(url: string, origin: string, cookie: string | null): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { origin, headers: cookie ? { cookie } : {}, perMessageDeflate: false });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.on('message', onMessage);
  });
}

process.on('message', async (command: Command) => {
  if (command.cmd === 'connect') {
    sockets = [];
    // A bounded number of handshakes in flight, as a crowd of browsers arriving would be.
    for (let i = 0; i < command.count; i += 100) {
      const batch = Array.from({ length: Math.min(100, command.count - i) }, (_, j) =>
        open(command.url, command.origin, command.cookies ? command.cookies[i + j]! : null),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    reply({ connected: sockets.length });
  } else if (command.cmd === 'expect') {
    expecting = { round: command.round, count: command.count, latencies: [], last: 0 };
    reply({ ready: command.round });
  } else if (command.cmd === 'close') {
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise((resolve) => {
            socket.once('close', resolve);
            socket.close();
          }),
      ),
    );
    sockets = [];
    reply({ closed: true });
  }
});
