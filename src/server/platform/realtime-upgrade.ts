import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AppConfig } from '../config';
import { sessionCookieName } from './session';

// Deciding a WebSocket upgrade before it happens, against cross-site WebSocket hijacking.
// Browsers send cookies with a cross-site WebSocket handshake and no CORS protects it, so the
// Origin is the defence: it must be the app's own origin (PUBLIC_URL). In development only, the
// origin the request itself names (its Host) is accepted too, because the Vite dev server on
// another port proxies /ws without rewriting Origin or Host. A request with no Origin (not a
// browser) is refused: the browser client always sends one.

export function allowedOrigin(request: IncomingMessage, config: Pick<AppConfig, 'publicUrl' | 'env'>): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === new URL(config.publicUrl).origin) return true;
  if (config.env !== 'development' || !request.headers.host) return false;
  return origin === `http://${request.headers.host}` || origin === `https://${request.headers.host}`;
}

/** The raw session token from the Cookie header, if any. */
export function sessionTokenOf(
  request: IncomingMessage,
  publicUrl: string,
  parseCookie: (header: string) => Record<string, string | undefined>,
): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  return parseCookie(header)[sessionCookieName(publicUrl.startsWith('https:'))] || undefined;
}

/** The caller's address for the audit log; behind a trusted proxy, the first X-Forwarded-For entry. */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string | null {
  const forwarded = request.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded.trim()) return forwarded.split(',')[0]!.trim().slice(0, 100);
  return request.socket.remoteAddress ?? null;
}

/** Answers the handshake with a plain HTTP status and ends the connection: no WebSocket is created. */
export function refuseUpgrade(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  const reason = STATUS_CODES[status] ?? 'Error';
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
