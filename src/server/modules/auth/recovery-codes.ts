import { createHash, randomBytes } from 'node:crypto';

// One-time recovery codes for when the authenticator is lost. Shown once as
// XXXXX-XXXXX in the base32 alphabet (no 0/1/8/9, nothing to confuse with O/I/B/g): 10 symbols of
// 5 bits = 50 random bits each. Only the SHA-256 of the normalised code is stored.

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const SYMBOLS = 10;

export function newRecoveryCode(): string {
  // 256 is a multiple of 32, so taking 5 bits of each byte is unbiased.
  const symbols = [...randomBytes(SYMBOLS)].map((byte) => ALPHABET[byte & 31]).join('');
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode());
  return [...codes];
}

/** Typed codes may differ in case, dashes and spaces (recoveryCodeSchema strips them too). */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}
