import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

// Labelled inputs of the wizard. Spec §5: a field with an error shows the error text and a red
// border; the input says so to assistive technology too (aria-invalid, aria-describedby).

const CONTROL =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';
const CONTROL_OK = 'border-slate-500 dark:border-slate-500';
const CONTROL_ERROR = 'border-red-600 ring-1 ring-red-600 dark:border-red-400 dark:ring-red-400';

interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  children: (control: { id: string; className: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

function FieldFrame({ id, label, required, hint, error, className = '', children }: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      {/* The label is exactly the field's name; the required marker sits beside it (the input says "required" itself). */}
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-sm text-red-700 dark:text-red-400">
            *
          </span>
        ) : null}
      </div>
      {children({
        id,
        className: `${CONTROL} ${error ? CONTROL_ERROR : CONTROL_OK}`,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface CommonProps {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
}

export function TextField({
  label,
  hint,
  error,
  className,
  ref,
  id,
  name,
  required,
  ...input
}: CommonProps & InputHTMLAttributes<HTMLInputElement> & { name: string; ref?: Ref<HTMLInputElement> }) {
  return (
    <FieldFrame id={id ?? `registration-${name}`} label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => <input ref={ref} name={name} required={required} {...input} {...control} />}
    </FieldFrame>
  );
}

export function SelectField({
  label,
  hint,
  error,
  className,
  ref,
  id,
  name,
  required,
  options,
  ...select
}: CommonProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    name: string;
    ref?: Ref<HTMLSelectElement>;
    options: readonly { value: string; label: string }[];
  }) {
  return (
    <FieldFrame id={id ?? `registration-${name}`} label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <select ref={ref} name={name} required={required} {...select} {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  ref,
  id,
  name,
  ...textarea
}: CommonProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string; ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FieldFrame id={id ?? `registration-${name}`} label={label} hint={hint} error={error} className={className}>
      {(control) => <textarea ref={ref} name={name} rows={3} {...textarea} {...control} />}
    </FieldFrame>
  );
}
