import { ERROR_HANDLING } from './constants';

/** A masked email keeps its first 3 characters; the rest of the local part and the domain are hidden. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  // Never more than the local part: a short one ("jo@x.org") must not reveal the @ or the domain.
  const visible = email.slice(0, Math.min(ERROR_HANDLING.maskedEmailVisibleChars, at >= 0 ? at : email.length));
  const domainHint = at >= 0 ? '@***' : '';
  return `${visible}***${domainHint}`;
}

/** True when a string already went through maskEmail (or carries no recognisable address). */
export function looksMasked(value: string): boolean {
  return /^[^@]{0,3}\*\*\*(@\*\*\*)?$/.test(value);
}
