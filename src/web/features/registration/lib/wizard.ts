import type { z } from 'zod';
import { DEFAULT_ADDRESS_COUNTRY, type AddressCountry } from '../../../../contracts/addresses';
import {
  registrationStep1Schema,
  registrationStep2Schema,
  registrationStep3Schema,
  type BLOOD_TYPES,
  type GENDERS,
  type MARITAL_STATUSES,
  type PREFERRED_LANGUAGES,
} from '../../../../contracts/registration';

// The registration wizard: three steps; Next validates the current step; steps can be
// clicked only backwards or one step forward; the final action validates everything and submits.

/** Everything the wizard holds, as the inputs hold it (selects start empty, lists are text). */
export interface RegistrationFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  phone: string;
  dateOfBirth: string;
  gender: '' | (typeof GENDERS)[number];
  /** Which address fields follow, and which of them are required (contracts/addresses.ts). */
  country: AddressCountry;
  /** The street: the payload's one address joins street, city, state and zip. */
  address: string;
  city: string;
  state: string;
  zipCode: string;
  maritalStatus: '' | (typeof MARITAL_STATUSES)[number];
  occupation: string;
  bloodType: '' | (typeof BLOOD_TYPES)[number];
  allergies: string;
  medications: string;
  medicalHistory: string;
  insuranceProvider: string;
  insurancePolicyNumber: string;
  preferredLanguage: (typeof PREFERRED_LANGUAGES)[number];
}

export type RegistrationField = keyof RegistrationFormValues;

export const EMPTY_REGISTRATION: RegistrationFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  phone: '',
  dateOfBirth: '',
  gender: '',
  country: DEFAULT_ADDRESS_COUNTRY,
  address: '',
  city: '',
  state: '',
  zipCode: '',
  maritalStatus: '',
  occupation: '',
  bloodType: '',
  allergies: '',
  medications: '',
  medicalHistory: '',
  insuranceProvider: '',
  insurancePolicyNumber: '',
  // Preferred language defaults to English.
  preferredLanguage: 'English',
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
