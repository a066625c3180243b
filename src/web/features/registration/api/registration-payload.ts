import { joinAddress, type AddressParts } from '../../../../contracts/addresses';
import { ageFromBirthDate, registrationPayloadSchema, splitList, type RegistrationPayload } from '../../../../contracts/registration';
import { stepOfField, type RegistrationField, type RegistrationFormValues } from '../lib/wizard';

/**
 * The registration payload, built from what the wizard holds:
 * the address is "street, city, state zip" (joined as the chosen country has them, the parts sent beside it); the role is patient; the record number is "MRN" plus
 * the last 6 digits of the current time (the server assigns the real one and ignores this);
 * blood type "Unknown" when none was chosen; age is the current year minus the birth year; the
 * lists are the comma-separated texts split and trimmed; preferred language defaults to English.
 */
export function buildRegistrationPayload(values: RegistrationFormValues, now: Date = new Date()): RegistrationPayload {
  const parts: AddressParts = {
    country: values.country,
    street: values.address.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zipCode: values.zipCode.trim(),
  };
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    password: values.password,
    phone: values.phone.trim(),
    dateOfBirth: values.dateOfBirth,
    gender: values.gender as RegistrationPayload['gender'],
    address: joinAddress(parts),
    addressParts: parts,
    role: 'patient',
    medicalRecordNumber: `MRN${String(now.getTime()).slice(-6)}`,
    bloodType: values.bloodType || 'Unknown',
    age: ageFromBirthDate(values.dateOfBirth, now),
    insuranceProvider: values.insuranceProvider.trim(),
    insurancePolicyNumber: values.insurancePolicyNumber.trim(),
    preferredLanguage: values.preferredLanguage || 'English',
    ...(values.maritalStatus ? { maritalStatus: values.maritalStatus } : {}),
    occupation: values.occupation.trim(),
    allergies: splitList(values.allergies),
    medications: splitList(values.medications),
    medicalHistory: splitList(values.medicalHistory),
  };
}

/** The wizard field a payload path belongs to (`addressParts.street` is the street field, `address`). */
export function wizardFieldOf(path: string): string {
  const [head = '', part] = path.split('.');
  if (head !== 'addressParts') return head;
  return part === 'street' ? 'address' : (part ?? 'address');
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
    const field = wizardFieldOf(issue.path.map(String).join('.'));
    const key = stepOfField(field) ? (field as RegistrationField) : '_form';
    issues[key] ??= issue.message;
  }
  return issues;
}
