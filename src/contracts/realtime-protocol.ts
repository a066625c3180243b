import { z } from 'zod';
import { liveEventSchema } from './live-events';

// The frames of the real-time channel at /ws (docs/product.md, Live updates).
// The client identifies itself, checks health and keeps the connection alive; the server answers
// and pushes live events (live-events.ts). Anything else, or anything over MAX_FRAME_BYTES, closes
// that one socket.

export { CLOSE_CODES, MAX_FRAME_BYTES, REALTIME_PATH } from './realtime-constants';

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
