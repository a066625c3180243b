import { useState } from 'react';

// One Idempotency-Key per user action. A key is made when the person confirms an action and is
// sent again when the same action is tried again (the same call with the same input after a
// failure: a timeout, a lost connection), so the server answers the retry with the first outcome
// instead of booking twice or refusing the person's own booking. A new action (other input, or
// the same one after it succeeded) gets a new key.

export interface ActionKeys {
  /** The key for this attempt: the unfinished action's key when `input` is the same, else a new one. */
  keyFor(input: unknown): string;
  /** The action succeeded: the next attempt is a new action. */
  done(): void;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function actionKeys(makeKey: () => string = newIdempotencyKey): ActionKeys {
  let pending: { input: string; key: string } | null = null;
  return {
    keyFor(input) {
      const text = JSON.stringify(input ?? null);
      if (pending?.input !== text) pending = { input: text, key: makeKey() };
      return pending.key;
    },
    done() {
      pending = null;
    },
  };
}

/** The action keys of one component's calls (kept across renders). */
export function useActionKeys(): ActionKeys {
  const [keys] = useState(() => actionKeys());
  return keys;
}
