import { z } from 'zod';
import type { DeskRegistrationRequest, DuplicateCheckRequest } from '../../../../contracts/desk-registration';
import { registrationPersonFields, registrationStep2Schema, registrationStep3Schema } from '../../../../contracts/registration';
import { patientDetailsRequestOf, type PatientDetailsValues } from '../../../components/patient-details/patient-details-values';

// The walk-in form: the patient's own registration without the password, on one screen. Its fields
// and starting values are the wizard's (components/patient-details) and its rules the contract's
// (the wizard's steps), so the desk and the server check alike; the request is built from the
// values as typed, the way the wizard builds its payload.

export type WalkInFormValues = PatientDetailsValues;

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
  return { ...patientDetailsRequestOf(values), confirmNotDuplicate };
}
