import { PUSH } from './push-constants';

/**
 * The wait before reconnect attempt `attempt` (0 for the first): 2 s doubling up to 45 s,
 * plus up to 10% of that at random. `random` is a number in [0, 1), Math.random in the browser.
 */
export function reconnectDelay(attempt: number, random: number): number {
  const base = Math.min(PUSH.baseDelayMs * 2 ** attempt, PUSH.maxDelayMs);
  return Math.round(base + base * PUSH.jitterRatio * random);
}
