import { ERROR_HANDLING } from '../../../contracts/constants';

// What someone typed into a form survives the form failing and being tried again (an error
// boundary's retry, a dialog opened again) for a limited time (docs/product.md, error handling).
// The copy lives in this tab's memory only: never in localStorage or sessionStorage, so nothing
// personal stays in the browser after the tab closes or the user signs out
// (docs/decisions/007-no-phi-in-local-storage.md, docs/decisions/018-one-form-kit.md). Passwords
// are never copied.

interface Entry {
  savedAt: number;
  values: unknown;
}

const entries = new Map<string, Entry>();

/** Keys whose values are never backed up, wherever they sit in the form's values. */
const SECRET_KEY = /password/i;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function stripSecrets(value: unknown, omit: ReadonlySet<string>, path: string): unknown {
  if (Array.isArray(value)) return value.map((item, index) => stripSecrets(item, omit, path ? `${path}.${index}` : String(index)));
  if (!isPlainObject(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (SECRET_KEY.test(key) || omit.has(itemPath)) continue;
    kept[key] = stripSecrets(item, omit, itemPath);
  }
  return kept;
}

/** The values without passwords and without the paths the form names (files, codes, anything not worth keeping). */
export function backupValuesOf<T>(values: T, omit: readonly string[] = []): Partial<T> {
  return stripSecrets(values, new Set(omit), '') as Partial<T>;
}

export function saveFormBackup(id: string, values: unknown, now: number): void {
  entries.set(id, { savedAt: now, values });
}

/** The backup of this form when it is younger than the limit; an older one is dropped. */
export function restoreFormBackup<T>(id: string, now: number, ttlMs: number = ERROR_HANDLING.formBackupTtlMs): Partial<T> | undefined {
  const entry = entries.get(id);
  if (!entry) return undefined;
  if (now - entry.savedAt > ttlMs) {
    entries.delete(id);
    return undefined;
  }
  return entry.values as Partial<T>;
}

export function dropFormBackup(id: string): void {
  entries.delete(id);
}

/** Every backup of this tab: at sign-out, so the next person at the computer finds none. */
export function clearFormBackups(): void {
  entries.clear();
}
