import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

// A labelled text input; with an error it shows the error text and a red border. The error is
// tied to the input with aria-describedby and aria-invalid, so screen readers read it with the field.

export function inputClasses(invalid: boolean, extra = ''): string {
  const border = invalid
    ? 'border-red-600 focus-visible:outline-red-600 dark:border-red-400 dark:focus-visible:outline-red-400'
    : 'border-slate-300 dark:border-slate-600';
  return `block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 disabled:opacity-60 sm:text-sm dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 ${border} ${extra}`;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Already translated. */
  error?: string;
  hint?: ReactNode;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  /** Shown after the input, inside the same block (a show-password button, a meter). */
  after?: ReactNode;
  /** Shown beside the label, outside it (a form's required marker), so the label stays the field's name. */
  marker?: ReactNode;
}

export function TextField({ label, error, hint, id, ref, after, marker, className = '', ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <div className="flex items-baseline gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {marker}
      </div>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClasses(Boolean(error))}
        {...input}
      />
      {after}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400" data-testid={`${input.name ?? inputId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message about the whole form (a failed submission), announced when it appears. */
export function FormAlert({
  children,
  tone = 'error',
  testId,
}: {
  children: ReactNode;
  tone?: 'error' | 'success' | 'info';
  testId?: string;
}) {
  const tones = {
    error: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100',
    info: 'border-brand-100 bg-brand-50 text-brand-900 dark:border-brand-900 dark:bg-brand-900/40 dark:text-brand-100',
  } as const;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-3 py-2 text-sm ${tones[tone]}`} data-testid={testId}>
      {children}
    </div>
  );
}
