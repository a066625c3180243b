import { ageFromBirthDate, registrationPayloadSchema, type RegistrationPayload } from '../../../../contracts/registration';
import { patientDetailsFieldOf, patientDetailsRequestOf } from '../../../components/patient-details/patient-details-values';
import { stepOfField, type RegistrationField, type RegistrationFormValues } from '../lib/wizard';

/**
 * The registration payload, built from what the wizard holds: the patient's details as both
 * registrations send them (components/patient-details), the password, the role patient, a record
 * number of "MRN" plus the last 6 digits of the current time (the server assigns the real one and
 * ignores this), and the age as the current year minus the birth year.
 */
export function buildRegistrationPayload(values: RegistrationFormValues, now: Date = new Date()): RegistrationPayload {
  return {
    ...patientDetailsRequestOf(values),
    password: values.password,
    role: 'patient',
    medicalRecordNumber: `MRN${String(now.getTime()).slice(-6)}`,
    age: ageFromBirthDate(values.dateOfBirth, now),
  };
}

/**
 * The final check before submitting: the very schema the server validates with, so a refusal the
 * server would give is shown beside its field before anything is sent. Returns each failing wizard field with its message key; an issue on a value
 * without an input (role, age) is returned under `_form`.
 */
export function payloadIssues(payload: RegistrationPayload): Partial<Record<RegistrationField | '_form', string>> {
  const result = registrationPayloadSchema.safeParse(payload);
  if (result.success) return {};
  const issues: Partial<Record<RegistrationField | '_form', string>> = {};
  for (const issue of result.error.issues) {
    const field = patientDetailsFieldOf(issue.path.map(String).join('.'));
    const key = stepOfField(field) ? (field as RegistrationField) : '_form';
    issues[key] ??= issue.message;
  }
  return issues;
}
