import type { UseFormRegisterReturn } from 'react-hook-form';
import type { RegistrationField } from '../lib/wizard';

/** What a step needs to render one input: the form's registration and the translated error, if any. */
export type FieldBinding = UseFormRegisterReturn<RegistrationField> & { error?: string };

export interface StepFieldsProps {
  field: (name: RegistrationField) => FieldBinding;
}

/** A date field's binding: its value, its handlers, the ref that takes focus, and the translated error. */
export interface DateBinding {
  name: RegistrationField;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  error?: string;
}
