/**
 * The floor of bench/messages.ts, in a process of its own (forked twice, one per "instance"): the
 * same delivery without Caredeck. A bare `node:http` server takes a message (POST
 * /send?conversation=…&from=…&to=…, JSON body), INSERTs its row into the same `messages` table over
 * raw `pg`, and PUBLISHes it on Redis; every floor process is subscribed and writes the event to the
 * recipient's socket if it holds it (a bare `ws` server at /ws?user=…, no authentication).
 * Arguments: port, database URL, Redis URL. Says { ready } over IPC once listening.
 */
import http from 'node:http';
import { Redis } from 'ioredis';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';

const [port, databaseUrl, redisUrl] = process.argv.slice(2) as [string, string, string];
const CHANNEL = 'bench-messages-floor';
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const publisher = new Redis(redisUrl);
const subscriber = new Redis(redisUrl);
const socketsOf = new Map<string, Set<WebSocket>>();

await subscriber.subscribe(CHANNEL);
subscriber.on('message', (_channel: string, text: string) => {
  const { to, event } = JSON.parse(text) as { to: string; event: unknown };
  const sockets = socketsOf.get(to);
  if (!sockets) return;
  const frame = JSON.stringify(event);
  for (const socket of sockets) socket.send(frame);
});

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  if (request.method !== 'POST' || url.pathname !== '/send') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    void (async () => {
      const { body } = JSON.parse(Buffer.concat(chunks).toString()) as { body: string };
      const conversationId = url.searchParams.get('conversation')!;
      const { rows } = await pool.query<{ id: string; created_at: Date }>(
        'insert into messages (conversation_id, sender_id, body) values ($1, $2, $3) returning id, created_at',
        [conversationId, url.searchParams.get('from'), body],
      );
      const event = { type: 'new_message', conversationId, messageId: rows[0]!.id, timestamp: rows[0]!.created_at.toISOString() };
      await publisher.publish(CHANNEL, JSON.stringify({ to: url.searchParams.get('to'), event }));
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { id: rows[0]!.id } }));
    })().catch(() => response.writeHead(500).end());
  });
});

const sockets = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
sockets.on('connection', (socket, request) => {
  const user = new URL(request.url ?? '/', 'http://floor').searchParams.get('user') ?? '';
  const set = socketsOf.get(user) ?? new Set<WebSocket>();
  set.add(socket);
  socketsOf.set(user, set);
  socket.on('close', () => set.delete(socket));
});

server.listen(Number(port), '127.0.0.1', () => process.send!({ ready: true }));
// Nothing to keep: the coordinator drops the database after.
process.on('disconnect', () => process.exit(0));
