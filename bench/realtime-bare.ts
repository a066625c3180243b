/**
 * The baseline server of bench/realtime.ts, in a process of its own (forked by it): a bare `ws`
 * server that broadcasts one serialised event to every socket, no authentication, no routing.
 * Its own process because 10,000 sockets of each side do not fit one process's file limit (20,000),
 * and the rounds of both sides alternate with both sets of sockets open. Driven over IPC.
 */
import { WebSocketServer } from 'ws';
import { eventFor, settledMemory, wallNow } from './realtime-event';

type Command = { cmd: 'memory' } | { cmd: 'fanout'; round: number };

const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
server.once('listening', () => process.send!({ port: (server.address() as { port: number }).port }));

process.on('message', async (command: Command) => {
  if (command.cmd === 'memory') {
    process.send!({ memory: await settledMemory() });
  } else if (command.cmd === 'fanout') {
    const cpu = process.cpuUsage();
    const sentAt = wallNow();
    const payload = JSON.stringify(eventFor(command.round, sentAt));
    for (const socket of server.clients) socket.send(payload);
    const loopMs = wallNow() - sentAt;
    process.send!({ fanout: command.round, loopMs, cpu: process.cpuUsage(cpu) });
  }
});
process.on('disconnect', () => server.close(() => process.exit(0)));
