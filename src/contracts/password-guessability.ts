// Whether a new password is one of the first an attacker would try: a common password or word,
// dressed up with capitals, leetspeak, digits, years or symbols, or built on the person's own name
// or e-mail address, or on the product's or the organisation's name. The estimate itself comes
// from zxcvbn-ts (docs/decisions/901-password-strength.md), which the server and the web each load
// (contracts import nothing but zod); the decision made from it is this file's, so both sides agree.

/** The estimate judges a password's first characters only: its cost grows fast with length. */
export const GUESS_CHECKED_LENGTH = 24;

/**
 * Below this many guesses a password built from patterns is refused. zxcvbn's own "safely
 * unguessable" line is 10^8; a common word with a symbol and a year ("Quiet-Harbor#2026") lands just
 * over it, so the line here is ten times higher.
 */
export const GUESSES_REQUIRED = 1e9;

/** Words of the product itself: attackers of a Caredeck site try them first. */
export const PRODUCT_WORDS = ['caredeck', 'care deck', 'caredesk'] as const;

/** A whole name or address shorter than this is too short to tell apart from chance. */
const PERSONAL_MIN_LENGTH = 3;
/** The pieces of an address ("new" of new.doctor@…) match inside unrelated words below this. */
const PIECE_MIN_LENGTH = 4;

export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** One step of zxcvbn's cheapest way to guess the password (the parts used here). */
export interface GuessStep {
  pattern: string;
  dictionaryName?: string;
  matchedWord?: string;
}

export interface GuessEstimate {
  guesses: number;
  sequence: readonly GuessStep[];
}

export type PasswordRefusal = 'password.personal' | 'password.guessable';

/** The owner's own words, lower case: the e-mail's local part (whole and in pieces), the first and last name. */
export function personalWords(owner: PasswordOwner): string[] {
  const local = (owner.email ?? '').split('@')[0]?.toLowerCase() ?? '';
  const names = [owner.firstName, owner.lastName].map((name) => (name ?? '').trim().toLowerCase());
  const pieces = [local, ...names].flatMap((word) => word.split(/[\s._+'\-\d]+/)).filter((piece) => piece.length >= PIECE_MIN_LENGTH);
  return [...new Set([...[local, ...names].filter((word) => word.length >= PERSONAL_MIN_LENGTH), ...pieces])];
}

/** The product's and the organisation's names, as words an attacker of this site would try. */
export function siteWords(organisationName?: string | null): string[] {
  const name = (organisationName ?? '').toLowerCase();
  const words = [name, name.replace(/[^\p{L}\p{N}]+/gu, ''), ...name.split(/[^\p{L}\p{N}]+/u)];
  return [...new Set([...PRODUCT_WORDS, ...words].filter((word) => word.length >= 4))];
}

/**
 * The refusal for a password (null when it may be used), from zxcvbn's estimate made with the
 * personal and site words as its "user inputs". A password that holds a personal word, as typed or
 * as zxcvbn found it under capitals or leetspeak, is refused as personal. Otherwise it is refused
 * when it is cheap to guess and the cheapness comes from a pattern (a dictionary word, a year, a
 * keyboard walk…): a short random string is left to the length and strength rules.
 */
export function judgePassword(password: string, estimate: GuessEstimate, personal: readonly string[]): PasswordRefusal | null {
  // The whole password: looking for a word in it costs nothing, unlike the estimate.
  const lower = password.toLowerCase();
  const ownWords = new Set(personal);
  const personalHit =
    personal.some((word) => lower.includes(word)) ||
    estimate.sequence.some((step) => step.dictionaryName === 'userInputs' && ownWords.has(step.matchedWord ?? ''));
  if (personalHit) return 'password.personal';
  const onlyRandom = estimate.sequence.every((step) => step.pattern === 'bruteforce');
  if (estimate.guesses < GUESSES_REQUIRED && !onlyRandom) return 'password.guessable';
  return null;
}
