// The real-time channel's fixed numbers, apart from its frame schemas (realtime-protocol.ts), so
// that code which only needs them (the web's connection status) does not load zod.

export const REALTIME_PATH = '/ws';
/** Room for a video visit's session description (video-visits.ts) and its envelope; nothing else comes near it. */
export const MAX_FRAME_BYTES = 24 * 1024;

/** Application close codes (4000-4999: the client does not retry). */
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
