import { RECENT_SEARCHES_KEY, RECENT_SEARCHES_MAX } from '../../../../contracts/search';

// Recent searches: what the person typed, at most 5 distinct entries, newest first,
// on the device under `recentSearches`. Only the text is kept, never a result (no names found, no
// ids): the text is what the person already knows, and they can clear it.

function read(storage: Storage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    // Something else wrote the key: start again rather than fail the header.
    return [];
  }
}

export function recentSearches(storage: Storage = localStorage): string[] {
  return read(storage);
}

/** Puts `text` first (trimmed; a repeat moves up rather than appearing twice) and keeps the newest 5. */
export function rememberSearch(text: string, storage: Storage = localStorage): string[] {
  const entry = text.replace(/\s+/g, ' ').trim();
  if (entry === '') return read(storage);
  const next = [entry, ...read(storage).filter((item) => item.toLocaleLowerCase() !== entry.toLocaleLowerCase())].slice(
    0,
    RECENT_SEARCHES_MAX,
  );
  try {
    storage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
  } catch {
    // A full or refused storage only loses the list.
  }
  return next;
}

export function forgetSearches(storage: Storage = localStorage): void {
  storage.removeItem(RECENT_SEARCHES_KEY);
}
