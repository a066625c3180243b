import type { TFunction } from 'i18next';
import type { ServerBusyNotice } from './api-client';

// What the person reads when the server is too busy to take a request (503 with Retry-After).
// Reads are retried by the query client after the wait the server asked for, so the notice says
// when; a change is never retried by itself, and its own form or dialog tells its failure
// (errors.json `codes.SERVER_BUSY`: nothing was changed, try again in a few seconds).

/** The sentence for a busy answer to a read, or null for a change (its own screen says it). */
export function serverBusyText(t: TFunction, notice: ServerBusyNotice): string | null {
  if (notice.method !== 'GET') return null;
  const seconds = Math.max(1, Math.ceil((notice.retryAfterMs ?? 1000) / 1000));
  return t('errors:api.busyRetrying', { seconds });
}
