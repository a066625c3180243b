import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import {
  GUESS_CHECKED_LENGTH,
  judgePassword,
  personalWords,
  siteWords,
  type PasswordOwner,
} from '../../../contracts/password-guessability';
import { isCommonPassword } from '../../../contracts/password-strength';

// Loaded only by the screens where a password is chosen (use-password-refusal.ts): the estimator
// and its dictionaries are most of a megabyte, which no other screen should download. The server
// builds the same estimator (platform/password-guessability.ts) and applies the same rule.

const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  useLevenshteinDistance: false,
  l33tMaxSubstitutions: 3,
  maxLength: GUESS_CHECKED_LENGTH,
});

export type ClientPasswordRefusal = 'password.common' | 'password.guessable' | 'password.personal';

/** Why a new password will be refused (a validation key), or null. The server's longer list may still refuse it. */
export function passwordRefusal(password: string, owner: PasswordOwner, organisationName?: string): ClientPasswordRefusal | null {
  if (isCommonPassword(password)) return 'password.common';
  const personal = personalWords(owner);
  return judgePassword(password, estimator.check(password, [...personal, ...siteWords(organisationName)]), personal);
}
