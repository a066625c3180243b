// The live connection's constants and timings (docs/product.md, Live updates), in one place for the client.

export const PUSH = {
  maxRetries: 15,
  baseDelayMs: 2000,
  maxDelayMs: 45_000,
  /** Up to this share of the delay is added at random, so many tabs do not reconnect in step. */
  jitterRatio: 0.1,
  heartbeatMs: 45_000,
  connectionTimeoutMs: 35_000,
  healthCheckTimeoutMs: 10_000,
  healthCheckFallbackMs: 4000,
  /** After a close the client waits this long before it starts the backoff. */
  closeSettleMs: 100,
  /** The port to use when the page's address names none. */
  fallbackPort: 5000,
} as const;

/** Quality bands (ping round trip). */
export const QUALITY_BANDS = { excellentBelowMs: 100, goodBelowMs: 300 } as const;
