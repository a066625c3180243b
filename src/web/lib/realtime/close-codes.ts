import { CLOSE_CODES } from '../../../contracts/realtime-constants';

// Close codes are shown as texts (1000 Normal closure, 1001 Going away, 1006 Abnormal
// closure, ...). This maps a code to its key in the `realtime` namespace (closeCodes.<key>).

const KNOWN: Record<number, string> = {
  1000: 'normal',
  1001: 'goingAway',
  1002: 'protocolError',
  1003: 'unsupportedData',
  1005: 'noStatus',
  1006: 'abnormal',
  1007: 'invalidData',
  1008: 'policyViolation',
  1009: 'tooBig',
  1010: 'extensionRequired',
  1011: 'internalError',
  1012: 'serviceRestart',
  1013: 'tryAgainLater',
  1015: 'tlsHandshake',
  [CLOSE_CODES.sessionEnded]: 'sessionEnded',
  [CLOSE_CODES.identityMismatch]: 'identityMismatch',
  [CLOSE_CODES.badFrame]: 'badFrame',
};

export function closeCodeKey(code: number): string {
  const known = KNOWN[code];
  if (known) return known;
  if (code >= 4000 && code <= 4999) return 'application';
  return 'unknown';
}

/** No retry after a normal closure or an application code (the server meant it). */
export function isFinalCloseCode(code: number): boolean {
  return code === CLOSE_CODES.normal || (code >= 4000 && code <= 4999);
}
