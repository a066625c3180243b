import type { UseFormRegisterReturn } from 'react-hook-form';
import type { RegistrationField } from '../lib/wizard';

/** What a step needs to render one input: the form's registration and the translated error, if any. */
export type FieldBinding = UseFormRegisterReturn<RegistrationField> & { error?: string };

export interface StepFieldsProps {
  field: (name: RegistrationField) => FieldBinding;
}
