import type { z } from 'zod';
import { registrationStep1Schema, registrationStep2Schema, registrationStep3Schema } from '../../../../contracts/registration';
import { EMPTY_PATIENT_DETAILS, type PatientDetailsValues } from '../../../components/patient-details/patient-details-values';

// The registration wizard: three steps; Next validates the current step; steps can be
// clicked only backwards or one step forward; the final action validates everything and submits.

/** Everything the wizard holds: the patient's details (shared with the desk's walk-in form) and a password. */
export interface RegistrationFormValues extends PatientDetailsValues {
  password: string;
  confirmPassword: string;
}

export type RegistrationField = keyof RegistrationFormValues;

export const EMPTY_REGISTRATION: RegistrationFormValues = {
  ...EMPTY_PATIENT_DETAILS,
  password: '',
  confirmPassword: '',
};

export type StepNumber = 1 | 2 | 3;
export const STEP_NUMBERS: readonly StepNumber[] = [1, 2, 3];

export interface WizardStep {
  number: StepNumber;
  /** Key in the registration namespace: steps.<key>.title / .description. */
  key: 'personal' | 'address' | 'medical';
  schema: z.ZodType;
  /** The step's fields in the order they are shown: the first invalid one gets focus. */
  fields: readonly RegistrationField[];
}

export const WIZARD_STEPS: Record<StepNumber, WizardStep> = {
  1: {
    number: 1,
    key: 'personal',
    schema: registrationStep1Schema,
    fields: ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword', 'dateOfBirth', 'gender'],
  },
  2: {
    number: 2,
    key: 'address',
    schema: registrationStep2Schema,
    fields: ['country', 'address', 'city', 'state', 'zipCode', 'maritalStatus', 'occupation'],
  },
  3: {
    number: 3,
    key: 'medical',
    schema: registrationStep3Schema,
    fields: ['bloodType', 'preferredLanguage', 'allergies', 'medications', 'medicalHistory', 'insuranceProvider', 'insurancePolicyNumber'],
  },
};

/**
 * A step can be visited when it lies behind the current one, or is the very next one
 * and the current step is valid. Nothing further ahead is reachable in one move.
 */
export function canVisitStep(current: StepNumber, target: StepNumber, currentStepValid: boolean): boolean {
  if (target <= current) return true;
  return target === current + 1 && currentStepValid;
}

/** Whether a step may be offered at all in the indicator (before knowing whether the current step is valid). */
export function isStepReachable(current: StepNumber, target: StepNumber): boolean {
  return target <= current + 1;
}

/** The step that shows a field; undefined for payload fields without an input (role, age, record number). */
export function stepOfField(field: string): StepNumber | undefined {
  return STEP_NUMBERS.find((step) => (WIZARD_STEPS[step].fields as readonly string[]).includes(field));
}

/** The first field, in the order the wizard shows them, that has an error. */
export function firstInvalidField(errors: Partial<Record<string, unknown>>, steps: readonly StepNumber[] = STEP_NUMBERS) {
  for (const step of steps) {
    const field = WIZARD_STEPS[step].fields.find((name) => errors[name]);
    if (field) return { step, field };
  }
  return undefined;
}
