import { z } from 'zod';
import { COUNTRY_CODES, type CountryCode } from '../../../../contracts/countries';
import { profileUpdateSchema } from '../../../../contracts/profile';
import { BLOOD_TYPES, GENDERS } from '../../../../contracts/registration';
import type { SessionUser } from '../../../../contracts/user';

// The profile form holds strings only (what inputs give); the schema turns them into the body of
// PUT /api/user/profile/{id} and validates that body with the contract's schema, so the browser and
// the server apply the same rules and the same message keys.

/** An emergency contact's relationship defaults to "Emergency Contact" (stored data, not UI text). */
export const DEFAULT_RELATIONSHIP = 'Emergency Contact';

export type Gender = (typeof GENDERS)[number];
export const PROFILE_BLOOD_TYPES = [...BLOOD_TYPES, 'Unknown'] as const;
export type BloodType = (typeof PROFILE_BLOOD_TYPES)[number];

/** The reported lists, typed as comma-separated text, as the registration wizard takes them. */
export const LIST_FIELDS = ['allergies', 'medications', 'medicalHistory'] as const;

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string;
  gender: Gender | '';
  address: string;
  /** An ISO code, or '' for none. */
  country: string;
  emergencyContact: { name: string; phone: string; relationship: string };
  bloodType: string;
  allergies: string;
  medications: string;
  medicalHistory: string;
  insuranceProvider: string;
  insurancePolicyNumber: string;
}

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

function isGender(value: string | null): value is Gender {
  return (GENDERS as readonly (string | null)[]).includes(value);
}

function isBloodType(value: string | null): value is BloodType {
  return (PROFILE_BLOOD_TYPES as readonly (string | null)[]).includes(value);
}

function isCountry(value: string | null): value is CountryCode {
  return (COUNTRY_CODES as readonly (string | null)[]).includes(value);
}

export function profileFormValues(user: SessionUser): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    dateOfBirth: user.dateOfBirth?.slice(0, 10) ?? '',
    gender: isGender(user.gender) ? user.gender : '',
    address: user.address ?? '',
    country: isCountry(user.country) ? user.country : '',
    emergencyContact: {
      name: user.emergencyContact?.name ?? '',
      phone: user.emergencyContact?.phone ?? '',
      relationship: user.emergencyContact?.relationship || DEFAULT_RELATIONSHIP,
    },
    bloodType: isBloodType(user.bloodType) ? user.bloodType : 'Unknown',
    allergies: user.allergies.join(', '),
    medications: user.medications.join(', '),
    medicalHistory: user.medicalHistory.join(', '),
    insuranceProvider: user.insuranceProvider ?? '',
    insurancePolicyNumber: user.insurancePolicyNumber ?? '',
  };
}

/** Comma-separated text as a list: each item trimmed, empty ones dropped. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * The request body: empty optional fields become null; the emergency contact, medical information
 * and insurance only for patients (those fields describe the patient; other roles have none).
 */
export function profilePayload(values: ProfileFormValues, isPatient: boolean): z.input<typeof profileUpdateSchema> {
  const contact = values.emergencyContact;
  const hasContact = Boolean(contact.name.trim() || contact.phone.trim());
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    phone: values.phone,
    dateOfBirth: values.dateOfBirth.trim() ? values.dateOfBirth.trim() : null,
    gender: values.gender === '' ? null : values.gender,
    address: values.address,
    // The contract's schema checks both against their lists.
    country: values.country === '' ? null : (values.country as CountryCode),
    ...(isPatient
      ? {
          emergencyContact: hasContact
            ? { name: contact.name, phone: contact.phone, relationship: contact.relationship.trim() || DEFAULT_RELATIONSHIP }
            : null,
          bloodType: values.bloodType as BloodType,
          allergies: splitList(values.allergies),
          medications: splitList(values.medications),
          medicalHistory: splitList(values.medicalHistory),
          insuranceProvider: values.insuranceProvider,
          insurancePolicyNumber: values.insurancePolicyNumber,
        }
      : {}),
  };
}

const stringField = z.string();

/** Validates the form by validating the body it becomes; issue paths match the form's field names. */
export function profileFormSchema(isPatient: boolean) {
  return z
    .object({
      firstName: stringField,
      lastName: stringField,
      phone: stringField,
      dateOfBirth: stringField,
      gender: z.union([z.enum(GENDERS), z.literal('')]),
      address: stringField,
      country: stringField,
      emergencyContact: z.object({ name: stringField, phone: stringField, relationship: stringField }),
      bloodType: stringField,
      allergies: stringField,
      medications: stringField,
      medicalHistory: stringField,
      insuranceProvider: stringField,
      insurancePolicyNumber: stringField,
    })
    .transform((values) => profilePayload(values, isPatient))
    .pipe(profileUpdateSchema);
}

/** A server or schema issue path as the form field it belongs to (an item of a list is the list's text). */
export function formFieldOf(path: string): string {
  const [first = ''] = path.split('.');
  return (LIST_FIELDS as readonly string[]).includes(first) ? first : path;
}
