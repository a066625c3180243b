/**
 * The event both sides of bench/realtime.ts fan out, and the harness's shared helpers. The round and
 * the sender's wall-clock time travel in the notification's message so that the clients can time
 * each receipt without any other channel.
 */
import { randomUUID } from 'node:crypto';
import type { Notification } from '../src/contracts/notifications';

export const MARKER = 'bench|';
export const wallNow = () => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function eventFor(round: number, sentAt: number) {
  const notification: Notification = {
    id: randomUUID(),
    type: 'system',
    title: 'Benchmark',
    message: `${MARKER}${round}|${sentAt}|`,
    createdAt: new Date().toISOString(),
    isRead: false,
    priority: 'medium',
    actionUrl: null,
    metadata: {},
    code: null,
    params: {},
  };
  return { type: 'notification' as const, notification, timestamp: new Date().toISOString() };
}

/** Heap and external memory after full collections (node --expose-gc), for memory per socket. */
export async function settledMemory(): Promise<number> {
  for (let i = 0; i < 3; i += 1) {
    globalThis.gc?.();
    await sleep(50);
  }
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}
