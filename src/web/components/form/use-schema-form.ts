import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent } from 'react';
import { get, useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { backupValuesOf, dropFormBackup, restoreFormBackup, saveFormBackup } from '../../lib/forms/form-backup';

// The one way a form is built (docs/decisions/018-one-form-kit.md): React Hook Form validating with
// the contract's zod schema, the app's form rule (rules run on submit, editing a field clears its
// error), the first invalid field focused, the server's field errors shown beside their inputs, and
// what was typed kept for a while in case sending fails.

export interface FormBackupOptions {
  /** Names this form's backup; one per form (and per record when the form edits one). */
  id: string;
  /** Value paths not to keep (passwords are never kept). */
  omit?: readonly string[];
}

export interface SchemaFormOptions<TInput extends FieldValues, TOutput> {
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** Keep what is typed in memory and offer it back when the form comes back within the limit. */
  backup?: FormBackupOptions;
  /** The time in ms; tests inject one. */
  clock?: () => number;
  /** A field that leaves the screen leaves the values too (a form whose parts depend on a choice). */
  shouldUnregister?: boolean;
  /** Where a server error path belongs in this form (`allergies.2` → `allergies`); undefined drops it. */
  serverField?: (path: string) => string | undefined;
}

/** A server field error placed on this form: the field's path and the server's text. */
export type PlacedError = readonly [path: string, message: string];

export type SubmitFailure = (error: unknown, placed: readonly PlacedError[]) => void;

export interface SchemaForm<TInput extends FieldValues, TOutput> extends UseFormReturn<TInput, unknown, TOutput> {
  /** The ref callback of the <form> element, so focus can follow the order the fields appear in. */
  bindForm: (element: HTMLFormElement | null) => void;
  /** The form's submit handler: validates, calls onSubmit, places server errors, drops the backup on success. */
  submitWith: (
    onSubmit: (values: TOutput) => Promise<void> | void,
    onFailure?: SubmitFailure,
    onInvalid?: (errors: FieldErrors<TInput>) => void,
  ) => (event?: FormEvent) => Promise<void>;
  /** Puts an ApiError's field errors on their fields and focuses the first; returns what it placed. */
  placeServerErrors: (error: unknown) => PlacedError[];
  /** True when the values shown came from a backup. */
  restored: boolean;
  /** Forget the backup and go back to the starting values. */
  discardRestored: () => void;
}

/** The paths of the errors React Hook Form reports, nested objects and lists flattened to `a.b.0`. */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === 'root') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { type?: unknown }).type === 'string') paths.push(path);
    else if (typeof value === 'object') paths.push(...errorPaths(value as FieldErrors, path));
  }
  return paths;
}

/** Focuses the first control, in the order they appear, that holds one of the paths (or an item of one). */
export function focusFirstField(form: HTMLFormElement | null, paths: readonly string[]): boolean {
  if (!form || paths.length === 0) return false;
  const holds = (name: string) => paths.some((path) => name === path || name.startsWith(`${path}.`));
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLElement)) continue;
    const name = element.getAttribute('name');
    if (!name || !holds(name) || (element as HTMLInputElement).disabled || element.hidden) continue;
    element.focus();
    return true;
  }
  return false;
}

export function useSchemaForm<TInput extends FieldValues, TOutput = TInput>(
  options: SchemaFormOptions<TInput, TOutput>,
): SchemaForm<TInput, TOutput> {
  const { schema, defaultValues, backup, serverField, shouldUnregister } = options;
  const clock = options.clock ?? Date.now;
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  const methods = useForm<TInput, unknown, TOutput>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldUnregister,
    // The kit focuses in the order the fields appear, not the order they registered.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement | null>(null);
  const backupId = backup?.id;
  const omit = backup?.omit;
  // Read once, when the form first renders: a backup younger than the limit, else nothing.
  const [saved] = useState(() => (backupId ? restoreFormBackup<TInput>(backupId, clock()) : undefined));
  const [restored, setRestored] = useState(saved !== undefined);
  const keep = useEffectEvent((id: string, values: TInput) => saveFormBackup(id, backupValuesOf(values, omit), clock()));

  useEffect(() => {
    if (!backupId) return;
    if (saved) methods.reset({ ...methods.getValues(), ...saved }, { keepDefaultValues: true });
    // Only edits are kept (a change event or a set value names its field; a reset names none).
    return methods.subscribe({
      formState: { values: true },
      callback: ({ values, name }) => {
        if (name) keep(backupId, values);
      },
    });
  }, [backupId, saved, methods]);

  const placeServerErrors = useCallback(
    (error: unknown): PlacedError[] => {
      if (!(error instanceof ApiError) || !error.fields) return [];
      const values = methods.getValues();
      const placed: PlacedError[] = [];
      for (const [path, message] of Object.entries(error.fields)) {
        const field = serverField ? serverField(path) : path;
        if (!field || get(values, field) === undefined || placed.some(([known]) => known === field)) continue;
        placed.push([field, message]);
        methods.setError(field as Path<TInput>, { type: 'server', message });
      }
      const paths = placed.map(([path]) => path);
      if (!focusFirstField(formRef.current, paths) && paths[0]) methods.setFocus(paths[0] as Path<TInput>);
      return placed;
    },
    [methods, serverField],
  );

  const submitWith = useCallback(
    (onSubmit: (values: TOutput) => Promise<void> | void, onFailure?: SubmitFailure, onInvalid?: (errors: FieldErrors<TInput>) => void) =>
      methods.handleSubmit(
        async (values) => {
          try {
            await onSubmit(values);
            if (backupId) dropFormBackup(backupId);
            setRestored(false);
          } catch (error) {
            const placed = placeServerErrors(error);
            if (!onFailure) throw error;
            onFailure(error, placed);
          }
        },
        (errors) => {
          onInvalid?.(errors);
          const paths = errorPaths(errors);
          if (!focusFirstField(formRef.current, paths) && paths[0]) methods.setFocus(paths[0] as Path<TInput>);
        },
      ),
    [methods, placeServerErrors, backupId],
  );

  const bindForm = useCallback((element: HTMLFormElement | null) => {
    formRef.current = element;
  }, []);

  const discardRestored = useCallback(() => {
    if (backupId) dropFormBackup(backupId);
    methods.reset();
    setRestored(false);
  }, [backupId, methods]);

  return { ...methods, bindForm, submitWith, placeServerErrors, restored, discardRestored };
}
