import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import {
  GUESS_CHECKED_LENGTH,
  judgePassword,
  personalWords,
  siteWords,
  type PasswordOwner,
  type PasswordRefusal,
} from '../../contracts/password-guessability';
import { isWellKnownPassword } from './common-passwords';

// The server's side of the password check: the long list of common passwords (common-passwords.ts),
// then zxcvbn-ts's estimate judged by the rule the web applies too (contracts/password-guessability.ts).

export type NewPasswordRefusal = 'password.common' | PasswordRefusal;

let estimator: ZxcvbnFactory | undefined;

function load(): ZxcvbnFactory {
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    // Levenshtein look-ups and many leetspeak substitutions cost tenths of a second per password
    // on the server's one thread; a few substitutions already find "P@ssw0rd" and its kind.
    useLevenshteinDistance: false,
    l33tMaxSubstitutions: 3,
    maxLength: GUESS_CHECKED_LENGTH,
  });
}

/** Why a new password may not be used (a validation key), or null when it may. */
export function newPasswordRefusal(password: string, owner: PasswordOwner, organisationName?: string): NewPasswordRefusal | null {
  if (isWellKnownPassword(password)) return 'password.common';
  estimator ??= load();
  const personal = personalWords(owner);
  const estimate = estimator.check(password, [...personal, ...siteWords(organisationName)]);
  return judgePassword(password, estimate, personal);
}

/** Builds the estimator's dictionaries now (at start), so the first password check does not pay for it. */
export function loadPasswordEstimator(): void {
  estimator ??= load();
}
