import type { ReactNode } from 'react';

// What every field of the kit shows under its control, a description and an error, and how the
// control points at them (aria-describedby), in one place: the text, date, choice and checkbox
// fields all read them the same way.

/** The ids of a field's description and error, and the aria-describedby naming those shown. */
export function fieldNoteIds(controlId: string, description: ReactNode, error: string | undefined) {
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [description ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

/** The description and the error under a field's control; the error's test id is `<name>-error`. */
export function FieldNotes({
  name,
  controlId,
  description,
  error,
  showDescription = true,
}: {
  name: string;
  controlId: string;
  description?: ReactNode;
  error?: string;
  /** False when the description is shown elsewhere (above the choices of a group). */
  showDescription?: boolean;
}) {
  const { hintId, errorId } = fieldNoteIds(controlId, description, error);
  return (
    <>
      {description && showDescription ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400" data-testid={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}
