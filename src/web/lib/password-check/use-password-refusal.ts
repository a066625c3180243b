import { useEffect, useMemo, useState } from 'react';
import type { PasswordOwner } from '../../../contracts/password-guessability';
import { useDebounced } from '../use-debounced';
import { useLoadedOrganisationName } from '../use-public-config';
import type { passwordRefusal as PasswordRefusal, ClientPasswordRefusal } from './estimator';

// The check the server makes of a new password, run in the browser as it is typed: the estimator
// loads when a password screen opens (a chunk of its own), and until it has, nothing is said.

let loading: Promise<typeof PasswordRefusal> | undefined;

/** Starts loading the estimator (once); screens call it as they open. */
export function loadPasswordCheck(): Promise<typeof PasswordRefusal> {
  loading ??= import('./estimator').then(
    (module) => module.passwordRefusal,
    (error: unknown) => {
      // Tried again by the next screen that asks.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Typing pauses this long before the estimate runs: it takes tens of milliseconds. */
const SETTLE_MS = 250;

/**
 * The validation key a new password will be refused with, once the estimator is loaded and typing
 * has paused; undefined while empty, loading or acceptable.
 */
export function usePasswordRefusal(password: string | undefined, owner: PasswordOwner): ClientPasswordRefusal | undefined {
  const [check, setCheck] = useState<typeof PasswordRefusal | null>(null);
  const organisationName = useLoadedOrganisationName();
  const settled = useDebounced(password ?? '', SETTLE_MS);
  useEffect(() => {
    let current = true;
    loadPasswordCheck().then(
      (loaded) => current && setCheck(() => loaded),
      // The server checks again; a failed download only means the browser says nothing early.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const { email, firstName, lastName } = owner;
  return useMemo(() => {
    if (!check || !settled) return undefined;
    return check(settled, { email, firstName, lastName }, organisationName) ?? undefined;
  }, [check, settled, email, firstName, lastName, organisationName]);
}
