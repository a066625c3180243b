import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClinicalNote, SaveNote } from '../../../../contracts/clinical-notes';
import { ApiError } from '../../../lib/api-client';
import { dropFormBackup, restoreFormBackup, saveFormBackup } from '../../../lib/forms/form-backup';

// Autosave of a draft note. Typing schedules a save after a short pause; each save sends the
// version the text was based on, so a save from a stale tab is refused rather than overwriting.
// Until the server has the text it is kept in this tab's memory (the form backup store, cleared at
// sign-out, never localStorage), so a lost connection or leaving the editor loses nothing: the
// text comes back when the note is opened again and is sent once more, as it is when the browser
// comes back online or the doctor presses retry.

export type Sections = Omit<SaveNote, 'version'>;
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

/** The pause after the last key before a draft is saved. */
export const AUTOSAVE_DELAY_MS = 1000;

interface Unsaved {
  sections: Sections;
  version: number;
}

const backupId = (noteId: string) => `clinical-note:${noteId}`;

export function sectionsOf(note: Pick<ClinicalNote, keyof Sections>): Sections {
  return {
    subjective: note.subjective,
    objective: note.objective,
    assessment: note.assessment,
    plan: note.plan,
    instructions: note.instructions,
  };
}

function same(a: Sections, b: Sections): boolean {
  return (Object.keys(a) as (keyof Sections)[]).every((key) => a[key] === b[key]);
}

/** What was typed into the note and not saved yet, if anything (kept in memory). */
export function unsavedOf(noteId: string, now: number = Date.now()): Unsaved | undefined {
  const found = restoreFormBackup<Unsaved>(noteId && backupId(noteId), now);
  return found?.sections && typeof found.version === 'number' ? (found as Unsaved) : undefined;
}

export function useNoteAutosave({
  note,
  save,
  onSaved,
  delayMs = AUTOSAVE_DELAY_MS,
}: {
  note: ClinicalNote;
  save: (body: SaveNote) => Promise<ClinicalNote>;
  onSaved: (note: ClinicalNote) => void;
  delayMs?: number;
}) {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<unknown>(null);
  const version = useRef(note.version);
  const stored = useRef<Sections>(sectionsOf(note));
  const latest = useRef<Sections>(sectionsOf(note));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const stopped = useRef(false);

  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (stopped.current) return false;
    // One save at a time: a change made meanwhile is sent once the running save is answered.
    while (inFlight.current) await inFlight.current;
    const sections = latest.current;
    if (same(sections, stored.current)) {
      setStatus('saved');
      return true;
    }
    setStatus('saving');
    const attempt = (async () => {
      try {
        const answer = await save({ version: version.current, ...sections });
        version.current = answer.version;
        stored.current = sections;
        onSaved(answer);
        if (same(latest.current, sections)) {
          dropFormBackup(backupId(note.id));
          setStatus('saved');
        } else {
          setStatus('pending');
        }
        setError(null);
        return true;
      } catch (failure) {
        setError(failure);
        const code = failure instanceof ApiError ? failure.code : undefined;
        if (code === 'NOTE_VERSION_CONFLICT' || code === 'NOTE_SIGNED') {
          stopped.current = true;
          setStatus('conflict');
        } else {
          setStatus('failed');
        }
        return false;
      }
    })();
    inFlight.current = attempt;
    try {
      return await attempt;
    } finally {
      inFlight.current = null;
    }
  }, [note.id, onSaved, save]);

  /** A change of the text: kept in memory at once, sent after the pause. */
  const changed = useCallback(
    (sections: Sections) => {
      latest.current = sections;
      if (stopped.current) return;
      saveFormBackup(backupId(note.id), { sections, version: version.current }, Date.now());
      setStatus((current) => (current === 'failed' ? current : 'pending'));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [delayMs, flush, note.id],
  );

  // Text typed earlier in this tab and never saved: sent again now, from the version it was typed on.
  const restore = useCallback((): Sections | undefined => {
    const unsaved = unsavedOf(note.id);
    if (!unsaved || same(unsaved.sections, sectionsOf(note))) return undefined;
    version.current = unsaved.version;
    latest.current = unsaved.sections;
    setStatus('pending');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), 0);
    return unsaved.sections;
  }, [flush, note]);

  useEffect(() => {
    const online = () => {
      if (!stopped.current && !same(latest.current, stored.current)) void flush();
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  // A save still waiting when the editor closes is not sent: its text stays in memory for next time.
  useEffect(() => () => clearTimeout(timer.current), []);

  // Leaving the page with text the server does not have yet asks first.
  useEffect(() => {
    if (status === 'saved') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status]);

  return { status, error, changed, flush, restore, version: () => version.current, forget: () => dropFormBackup(backupId(note.id)) };
}
