/**
 * One client process of bench/realtime.ts (it forks several, each holding a share of the sockets of
 * both sides): the clients' work must not be counted as the server's, 10,000 sockets of each side
 * would not fit one process's file limit, and one process alone reading 10,000 frames would time
 * itself rather than the server. The same code receives from both sides. Driven over IPC: connect a
 * set, expect a round on it, close it.
 */
import { WebSocket } from 'ws';
import { MARKER, wallNow } from './realtime-event';

type Side = 'app' | 'bare';
type Command =
  | { cmd: 'connect'; side: Side; url: string; origin: string; cookies: string[] | null; count: number }
  | { cmd: 'expect'; side: Side; round: number; count: number }
  | { cmd: 'close'; side: Side };

const sockets: Record<Side, WebSocket[]> = { app: [], bare: [] };
let expecting: { side: Side; round: number; count: number; latencies: number[]; slowest: number } | null = null;
const reply = (message: unknown) => process.send!(message);

function onMessage(side: Side, data: WebSocket.RawData): void {
  // Timed on arrival, before this harness reads the frame.
  const now = wallNow();
  if (!expecting || expecting.side !== side) return;
  const text = data.toString();
  const at = text.indexOf(MARKER);
  if (at < 0) return;
  const [round, sentAt] = text
    .slice(at + MARKER.length)
    .split('|', 2)
    .map(Number);
  if (round !== expecting.round) return;
  const latency = now - sentAt!;
  expecting.latencies.push(latency);
  if (latency > expecting.slowest) expecting.slowest = latency;
  if (expecting.latencies.length === expecting.count) {
    reply({ done: expecting.round, side, latencies: expecting.latencies, slowest: expecting.slowest });
    expecting = null;
  }
}

function open(side: Side, url: string, origin: string, cookie: string | null): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { origin, headers: cookie ? { cookie } : {}, perMessageDeflate: false });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.on('message', (data) => onMessage(side, data));
  });
}

process.on('message', async (command: Command) => {
  if (command.cmd === 'connect') {
    // A bounded number of handshakes in flight, as a crowd of browsers arriving would be.
    for (let i = 0; i < command.count; i += 100) {
      const batch = Array.from({ length: Math.min(100, command.count - i) }, (_, j) =>
        open(command.side, command.url, command.origin, command.cookies ? command.cookies[i + j]! : null),
      );
      sockets[command.side].push(...(await Promise.all(batch)));
    }
    reply({ connected: command.side });
  } else if (command.cmd === 'expect') {
    expecting = { side: command.side, round: command.round, count: command.count, latencies: [], slowest: 0 };
    reply({ ready: command.round, side: command.side });
  } else if (command.cmd === 'close') {
    await Promise.all(
      sockets[command.side].map(
        (socket) =>
          new Promise((resolve) => {
            socket.once('close', resolve);
            socket.close();
          }),
      ),
    );
    sockets[command.side] = [];
    reply({ closed: command.side });
  }
});
process.on('disconnect', () => process.exit(0));
