import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { inputClasses } from '../../../components/ui/field';

/** A labelled select with its options; the error is tied to it like TextField's. */
export function SelectField({
  label,
  error,
  hint,
  options,
  ref,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  /** Already translated. */
  error?: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
}) {
  const id = useId();
  const notes = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={notes}
        className={inputClasses(Boolean(error))}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400" data-testid={`${select.name ?? id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
