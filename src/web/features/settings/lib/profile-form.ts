import { z } from 'zod';
import { profileUpdateSchema } from '../../../../contracts/profile';
import { GENDERS } from '../../../../contracts/registration';
import type { SessionUser } from '../../../../contracts/user';

// The profile form holds strings only (what inputs give); the schema turns them into the body of
// PUT /api/user/profile/{id} and validates that body with the contract's schema, so the browser and
// the server apply the same rules and the same message keys.

/** Spec §3: an emergency contact's relationship defaults to "Emergency Contact" (stored data, not UI text). */
export const DEFAULT_RELATIONSHIP = 'Emergency Contact';

export type Gender = (typeof GENDERS)[number];

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string;
  gender: Gender | '';
  address: string;
  emergencyContact: { name: string; phone: string; relationship: string };
}

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

function isGender(value: string | null): value is Gender {
  return (GENDERS as readonly (string | null)[]).includes(value);
}

export function profileFormValues(user: SessionUser): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    dateOfBirth: user.dateOfBirth?.slice(0, 10) ?? '',
    gender: isGender(user.gender) ? user.gender : '',
    address: user.address ?? '',
    emergencyContact: {
      name: user.emergencyContact?.name ?? '',
      phone: user.emergencyContact?.phone ?? '',
      relationship: user.emergencyContact?.relationship || DEFAULT_RELATIONSHIP,
    },
  };
}

/** The request body: empty optional fields become null; the emergency contact only for patients. */
export function profilePayload(values: ProfileFormValues, withEmergencyContact: boolean): z.input<typeof profileUpdateSchema> {
  const contact = values.emergencyContact;
  const hasContact = Boolean(contact.name.trim() || contact.phone.trim());
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    phone: values.phone,
    dateOfBirth: values.dateOfBirth.trim() ? values.dateOfBirth.trim() : null,
    gender: values.gender === '' ? null : values.gender,
    address: values.address,
    ...(withEmergencyContact
      ? {
          emergencyContact: hasContact
            ? { name: contact.name, phone: contact.phone, relationship: contact.relationship.trim() || DEFAULT_RELATIONSHIP }
            : null,
        }
      : {}),
  };
}

const stringField = z.string();

/** Validates the form by validating the body it becomes; issue paths match the form's field names. */
export function profileFormSchema(withEmergencyContact: boolean) {
  return z
    .object({
      firstName: stringField,
      lastName: stringField,
      phone: stringField,
      dateOfBirth: stringField,
      gender: z.union([z.enum(GENDERS), z.literal('')]),
      address: stringField,
      emergencyContact: z.object({ name: stringField, phone: stringField, relationship: stringField }),
    })
    .transform((values) => profilePayload(values, withEmergencyContact))
    .pipe(profileUpdateSchema);
}
