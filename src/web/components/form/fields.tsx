import { useId, type InputHTMLAttributes, type Ref, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { get, useController, useFormContext, useFormState, type FieldValues, type RegisterOptions } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../lib/forms/field-error-text';
import { inputClasses, TextField } from '../ui/field';
import { PasswordField } from '../ui/password-field';
import { DateField } from './date-field';
import { FieldNotes, fieldNoteIds } from './field-notes';

// The kit's fields: each is registered on the surrounding <Form> by name, shows its label, an
// optional description and its error in the reader's language, and ties both to the control with
// aria-describedby and aria-invalid. Editing a field clears its error (the rules run again on submit).

interface KitFieldProps {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  /** A message of the form's own, shown while the field has no error from the rules (a key or a text). */
  liveError?: string;
  registerOptions?: RegisterOptions<FieldValues, string>;
  /** Shown beside the label, outside it (a form's required marker). */
  marker?: ReactNode;
}

function setRef<T>(ref: Ref<T>, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** The field's error message as the schema or server gave it; a list reports its first item's. */
function useFieldErrorMessage(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as { message?: string } | ({ message?: string } | undefined)[] | undefined;
  if (Array.isArray(error)) return error.find((item) => item?.message)?.message;
  return error?.message;
}

function useKitRegistration(
  name: string,
  liveError: string | undefined,
  options?: RegisterOptions<FieldValues, string>,
  inputRef?: Ref<HTMLInputElement>,
) {
  const { register, clearErrors } = useFormContext();
  const { t } = useTranslation('validation');
  const message = useFieldErrorMessage(name);
  const registration = register(name, {
    ...options,
    onChange: (event: unknown) => {
      clearErrors(name);
      return options?.onChange?.(event);
    },
  });
  // A caller's ref (a dialog's first focus) gets the element too.
  const ref = inputRef
    ? (element: HTMLElement | null) => {
        registration.ref(element);
        setRef(inputRef, element as HTMLInputElement | null);
      }
    : (element: HTMLElement | null) => registration.ref(element);
  return { registration: { ...registration, ref }, error: fieldErrorText(t, message ?? liveError) };
}

type InputProps = KitFieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'children'> & {
    /** Shown under the input (a meter, a button). */
    after?: ReactNode;
    id?: string;
    inputRef?: Ref<HTMLInputElement>;
  };

export function TextInput({ name, label, description, liveError, registerOptions, inputRef, type = 'text', ...input }: InputProps) {
  const { registration, error } = useKitRegistration(name, liveError, registerOptions, inputRef);
  return <TextField label={label} hint={description} error={error} type={type} {...input} {...registration} />;
}

export function EmailInput(props: Omit<InputProps, 'type'>) {
  return <TextInput type="email" autoComplete="email" {...props} />;
}

interface DateInputProps extends Omit<KitFieldProps, 'registerOptions'> {
  required?: boolean;
  disabled?: boolean;
  autoComplete?: 'bday';
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The label is read out, not shown. */
  hideLabel?: boolean;
}

/** A date as the schema expects it, `YYYY-MM-DD`, typed day, month and year in the reader's order. */
export function DateInput({ name, label, description, liveError, inputRef, ...rest }: DateInputProps) {
  const { control, clearErrors } = useFormContext();
  const { t } = useTranslation('validation');
  const message = useFieldErrorMessage(name);
  const { field } = useController({ name, control });
  return (
    <DateField
      name={name}
      label={label}
      description={description}
      error={fieldErrorText(t, message ?? liveError)}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(value) => {
        clearErrors(name);
        field.onChange(value);
      }}
      onBlur={field.onBlur}
      inputRef={(element) => {
        field.ref(element);
        if (inputRef) setRef(inputRef, element);
      }}
      {...rest}
    />
  );
}

export function PasswordInput({ name, label, description, liveError, registerOptions, inputRef, ...input }: Omit<InputProps, 'type'>) {
  const { registration, error } = useKitRegistration(name, liveError, registerOptions, inputRef);
  return <PasswordField label={label} hint={description} error={error} {...input} {...registration} />;
}

/** The label, description and error around a control that is not a text input. */
function FieldFrame({
  name,
  label,
  description,
  error,
  id,
  marker,
  children,
}: {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  id?: string;
  marker?: ReactNode;
  children: (control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  const { describedBy } = fieldNoteIds(controlId, description, error);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline gap-1">
        <label htmlFor={controlId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {marker}
      </div>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      <FieldNotes name={name} controlId={controlId} description={description} error={error} />
    </div>
  );
}

type SelectProps = KitFieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> & { children: ReactNode };

export function SelectInput({
  name,
  label,
  description,
  liveError,
  registerOptions,
  id,
  marker,
  children,
  className = '',
  ...select
}: SelectProps) {
  const { registration, error } = useKitRegistration(name, liveError, registerOptions);
  return (
    <FieldFrame name={name} label={label} description={description} error={error} id={id} marker={marker}>
      {(control) => (
        <select {...control} className={inputClasses(Boolean(error), className)} {...select} {...registration}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

type TextareaProps = KitFieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'children'>;

export function TextareaInput({
  name,
  label,
  description,
  liveError,
  registerOptions,
  id,
  marker,
  className = '',
  ...textarea
}: TextareaProps) {
  const { registration, error } = useKitRegistration(name, liveError, registerOptions);
  return (
    <FieldFrame name={name} label={label} description={description} error={error} id={id} marker={marker}>
      {(control) => <textarea {...control} className={inputClasses(Boolean(error), className)} {...textarea} {...registration} />}
    </FieldFrame>
  );
}

type CheckboxProps = Omit<KitFieldProps, 'marker'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type' | 'children'>;

/** A checkbox with its label beside it; the description and error below. */
export function CheckboxInput({ name, label, description, liveError, registerOptions, id, className = '', ...input }: CheckboxProps) {
  const { registration, error } = useKitRegistration(name, liveError, registerOptions);
  const generated = useId();
  const controlId = id ?? generated;
  const { describedBy } = fieldNoteIds(controlId, description, error);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <div className="flex items-start gap-2">
        <input
          id={controlId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-4 rounded border-slate-300 text-brand-700 dark:border-slate-600"
          {...input}
          {...registration}
        />
        <label htmlFor={controlId} className="text-sm text-slate-800 dark:text-slate-200">
          {label}
        </label>
      </div>
      <FieldNotes name={name} controlId={controlId} description={description} error={error} />
    </div>
  );
}

type RadioGroupProps = Omit<KitFieldProps, 'marker'> & {
  /** Each choice's value (as the input holds it) and its words; a choice may be offered but not open. */
  options: readonly { value: string; label: ReactNode; disabled?: boolean }[];
  className?: string;
};

/** One choice among a few, shown as radio buttons in a group named by its legend. */
export function RadioGroupInput({ name, label, description, liveError, registerOptions, options, className = '' }: RadioGroupProps) {
  const { registration, error } = useKitRegistration(name, liveError, registerOptions);
  const generated = useId();
  const { hintId, describedBy } = fieldNoteIds(generated, description, error);
  return (
    <fieldset className={`flex flex-col gap-2 ${className}`} aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{label}</legend>
      {description ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {description}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              value={option.value}
              disabled={option.disabled}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-brand-700"
              {...registration}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldNotes name={name} controlId={generated} description={description} error={error} showDescription={false} />
    </fieldset>
  );
}
