import { z } from 'zod';
import { DEFAULT_ADDRESS_COUNTRY, joinAddress, type AddressCountry, type AddressParts } from '../../../../contracts/addresses';
import type { DeskRegistrationRequest, DuplicateCheckRequest } from '../../../../contracts/desk-registration';
import {
  registrationPersonFields,
  registrationStep2Schema,
  registrationStep3Schema,
  splitList,
  type RegistrationPayload,
} from '../../../../contracts/registration';

// The walk-in form: the patient's own registration without the password, on one screen. Its rules
// are the contract's (the registration wizard's steps), so the desk and the server check alike; the
// request is built from the values as typed, the way the wizard builds its payload.

export interface WalkInFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  gender: string;
  country: AddressCountry;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  maritalStatus: string;
  occupation: string;
  bloodType: string;
  preferredLanguage: string;
  allergies: string;
  medications: string;
  medicalHistory: string;
  insuranceProvider: string;
  insurancePolicyNumber: string;
}

export const WALK_IN_DEFAULTS: WalkInFormValues = {
  firstName: '',
  lastName: '',
  email: '',
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
  preferredLanguage: 'English',
  allergies: '',
  medications: '',
  medicalHistory: '',
  insuranceProvider: '',
  insurancePolicyNumber: '',
};

const personalSchema = z.object({
  firstName: registrationPersonFields.firstName,
  lastName: registrationPersonFields.lastName,
  email: registrationPersonFields.email,
  phone: registrationPersonFields.phone,
  dateOfBirth: registrationPersonFields.dateOfBirth,
  gender: registrationPersonFields.gender,
});

/** Every part's rules at once, so every message shows at the first submit; the values pass through as typed. */
export const walkInFormSchema = z.custom<WalkInFormValues>().superRefine(async (values, ctx) => {
  for (const schema of [personalSchema, registrationStep2Schema, registrationStep3Schema]) {
    const result = await schema.safeParseAsync(values);
    for (const issue of result.error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
});

export function duplicateCheckOf(values: WalkInFormValues): DuplicateCheckRequest {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    dateOfBirth: values.dateOfBirth,
    email: values.email.trim(),
    phone: values.phone.trim(),
  };
}

export function walkInRequestOf(values: WalkInFormValues, confirmNotDuplicate: boolean): DeskRegistrationRequest {
  const parts: AddressParts = {
    country: values.country,
    street: values.address.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zipCode: values.zipCode.trim(),
  };
  return {
    ...duplicateCheckOf(values),
    gender: values.gender as RegistrationPayload['gender'],
    address: joinAddress(parts),
    addressParts: parts,
    bloodType: (values.bloodType || 'Unknown') as RegistrationPayload['bloodType'],
    insuranceProvider: values.insuranceProvider.trim(),
    insurancePolicyNumber: values.insurancePolicyNumber.trim(),
    preferredLanguage: (values.preferredLanguage || 'English') as RegistrationPayload['preferredLanguage'],
    ...(values.maritalStatus ? { maritalStatus: values.maritalStatus as RegistrationPayload['maritalStatus'] } : {}),
    occupation: values.occupation.trim(),
    allergies: splitList(values.allergies),
    medications: splitList(values.medications),
    medicalHistory: splitList(values.medicalHistory),
    confirmNotDuplicate,
  };
}

/** Where a server error path belongs on this form (`addressParts.street` is the street field). */
export function walkInFieldOf(path: string): string {
  const [head = '', part] = path.split('.');
  if (head !== 'addressParts') return head;
  return part === 'street' ? 'address' : (part ?? 'address');
}
