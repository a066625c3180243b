import { z } from 'zod';
import { liveEventSchema } from './live-events';
import { videoClientFrameSchemas, videoAcceptedFrameSchema, videoRefusedFrameSchema } from './video-visits';

// The frames of the real-time channel at /ws (docs/product.md, Live updates).
// The client identifies itself, checks health and keeps the connection alive; the server answers
// and pushes live events (live-events.ts). A video visit's signalling travels here too
// (video-visits.ts). Anything else, or anything over MAX_FRAME_BYTES, closes that one socket.

export { CLOSE_CODES, MAX_FRAME_BYTES, REALTIME_PATH } from './realtime-constants';

export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('identify'), userId: z.string().max(100) }),
  z.object({ type: z.literal('health_check'), id: z.string().max(100), timestamp: z.number() }),
  z.object({ type: z.literal('ping'), timestamp: z.number() }),
  ...videoClientFrameSchemas,
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export const controlFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connection_established'), timestamp: z.number() }),
  z.object({ type: z.literal('health_check_response'), id: z.string(), timestamp: z.number() }),
  z.object({ type: z.literal('pong'), timestamp: z.number() }),
]);
export type ControlFrame = z.infer<typeof controlFrameSchema>;

/** Answers to one socket's own signalling frames (not live events: nobody else receives them). */
export const replyFrameSchema = z.discriminatedUnion('type', [videoAcceptedFrameSchema, videoRefusedFrameSchema]);
export type ReplyFrame = z.infer<typeof replyFrameSchema>;

/** Everything the server sends: control frames, replies and live events. */
export const serverFrameSchema = z.union([controlFrameSchema, replyFrameSchema, liveEventSchema]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
