import { z } from 'zod';
import { liveEventSchema } from './live-events';

// The frames of the real-time channel at /ws (docs/product.md, Live updates).
// The client identifies itself, checks health and keeps the connection alive; the server answers
// and pushes live events (live-events.ts). Anything else, or anything over MAX_FRAME_BYTES, closes
// that one socket.

export const REALTIME_PATH = '/ws';
export const MAX_FRAME_BYTES = 4 * 1024;

/** Close codes; 4000-4999 are the application's, after which the client does not retry. */
export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  policyViolation: 1008,
  tooBig: 1009,
  /** The session ended (sign-out, expiry, deactivation). */
  sessionEnded: 4001,
  /** identify named another user than the session's. */
  identityMismatch: 4003,
  /** A frame that is not one of the client frames below. */
  badFrame: 4400,
} as const;

export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('identify'), userId: z.string().max(100) }),
  z.object({ type: z.literal('health_check'), id: z.string().max(100), timestamp: z.number() }),
  z.object({ type: z.literal('ping'), timestamp: z.number() }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export const controlFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connection_established'), timestamp: z.number() }),
  z.object({ type: z.literal('health_check_response'), id: z.string(), timestamp: z.number() }),
  z.object({ type: z.literal('pong'), timestamp: z.number() }),
]);
export type ControlFrame = z.infer<typeof controlFrameSchema>;

/** Everything the server sends: control frames and live events. */
export const serverFrameSchema = z.union([controlFrameSchema, liveEventSchema]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
