import { QUALITY_BANDS } from './push-constants';

export type ConnectionQuality = 'excellent' | 'good' | 'poor';

/** Under 100 ms excellent, under 300 ms good, else poor; no network is always poor. */
export function qualityFromLatency(latencyMs: number, online = true): ConnectionQuality {
  if (!online) return 'poor';
  if (latencyMs < QUALITY_BANDS.excellentBelowMs) return 'excellent';
  if (latencyMs < QUALITY_BANDS.goodBelowMs) return 'good';
  return 'poor';
}
