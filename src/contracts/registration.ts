import { z } from 'zod';
import {
  ADDRESS_COUNTRIES,
  DEFAULT_ADDRESS_COUNTRY,
  joinAddress,
  reportAddressIssues,
  type AddressCountry,
  type AddressParts,
} from './addresses';
import { AUTH } from './constants';
import { isCommonPassword } from './password-strength';

// Patient registration: the wizard's steps, the payload and its rules (docs/product.md, Registration).

export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
export const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
/** Stored by English name; the wizard shows each in its own language (PREFERRED_LANGUAGE_CODES). */
export const PREFERRED_LANGUAGES = ['English', 'Spanish', 'French', 'German', 'Chinese', 'Arabic', 'Other'] as const;
/** The language each stored name stands for: the app's six languages. */
export const PREFERRED_LANGUAGE_CODES = {
  English: 'en',
  Spanish: 'es',
  French: 'fr',
  German: 'de',
  Chinese: 'zh',
  Arabic: 'ar',
} as const satisfies Record<Exclude<(typeof PREFERRED_LANGUAGES)[number], 'Other'>, string>;
export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed', 'other'] as const;

// A field's first issue is the one shown (by the server's error handler and by the form resolver).
const required = (key: string, max = 200) => z.string(key).trim().min(1, key).max(max, 'text.tooLong');
const optionalText = (max = 200) => z.string().trim().max(max, 'text.tooLong').optional().default('');

/** A date of birth: a real calendar date, not in the future, not before 1900. */
const dateOfBirth = z
  .string('dateOfBirth.required')
  .trim()
  .min(1, 'dateOfBirth.required')
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date <= new Date() && date.getUTCFullYear() >= 1900;
  }, 'dateOfBirth.invalid');

const phone = z
  .string('phone.required')
  .trim()
  .min(1, 'phone.required')
  .max(40, 'phone.invalid')
  .regex(/^\+?[0-9 ()./-]{6,}$/, 'phone.invalid');

/** Registration has its own email wording: "Email is required" / "Valid email is required". */
const email = z
  .string('email.required')
  .trim()
  .min(1, 'email.required')
  .max(320, 'email.registrationInvalid')
  .pipe(z.email('email.registrationInvalid'));

const password = z
  .string('password.required')
  .min(1, 'password.required')
  .min(AUTH.passwordMinLength, 'password.tooShort')
  .max(200, 'password.tooLong')
  .refine((value) => !isCommonPassword(value), 'password.common');

/**
 * Lists are made by splitting comma-separated text and trimming. The wizard speaks six
 * languages, so the commas people type in them count too: Chinese full-width (，) and enumeration
 * (、) commas, and the Arabic comma (،).
 */
export function splitList(text: string): string[] {
  return text
    .split(/[,，、،]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Age is a plain year difference. */
export function ageFromBirthDate(dateOfBirth: string, now = new Date()): number {
  return now.getFullYear() - Number(dateOfBirth.slice(0, 4));
}

// The wizard's steps, validated one at a time: Next checks only the current step.
export const registrationStep1Schema = z
  .object({
    firstName: required('firstName.required', 100),
    lastName: required('lastName.required', 100),
    email,
    password,
    confirmPassword: z.string(),
    phone,
    dateOfBirth,
    gender: z.enum(GENDERS, 'gender.required'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'password.mismatch',
    // Checked even while other fields of the step are invalid, so every error shows at once.
    when: ({ value }) => {
      const v = value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string';
    },
  });

const addressCountry = z.enum(ADDRESS_COUNTRIES as [AddressCountry, ...AddressCountry[]], 'country.invalid');

/** Which address fields are required, and the postal code's shape, follow the chosen country (contracts/addresses.ts). */
export const registrationStep2Schema = z
  .object({
    country: addressCountry.default(DEFAULT_ADDRESS_COUNTRY),
    address: z.string('address.required').trim().max(200, 'text.tooLong'),
    city: z.string('city.required').trim().max(100, 'text.tooLong'),
    state: z.string().trim().max(100, 'text.tooLong').optional().default(''),
    zipCode: z.string().trim().max(20, 'text.tooLong').optional().default(''),
    maritalStatus: z.enum(MARITAL_STATUSES, 'choice.invalid').or(z.literal('')).optional(),
    occupation: optionalText(100),
  })
  .superRefine(
    (value, ctx) => reportAddressIssues({ ...value, street: value.address }, ctx, (part) => (part === 'street' ? 'address' : part)),
    // Checked beside the other fields' issues, so every message of the step shows at once.
    { when: ({ value }) => typeof value === 'object' && value !== null },
  );

/** Step 3 has no required fields. */
export const registrationStep3Schema = z.object({
  bloodType: z.enum(BLOOD_TYPES, 'choice.invalid').or(z.literal('')).optional(),
  allergies: optionalText(1000),
  medications: optionalText(1000),
  medicalHistory: optionalText(2000),
  insuranceProvider: optionalText(200),
  insurancePolicyNumber: optionalText(100),
  preferredLanguage: z.enum(PREFERRED_LANGUAGES, 'choice.invalid').default('English'),
});

const list = (max: number) => z.array(z.string().trim().min(1).max(200, 'text.tooLong')).max(max, 'text.tooLong');

/**
 * Who the patient is, as the registration payload carries it: everything but the password and
 * the values the server assigns. Desk registration of a walk-in patient takes the same fields.
 */
export const registrationPersonFields = {
  firstName: required('firstName.required', 100),
  lastName: required('lastName.required', 100),
  email,
  phone,
  dateOfBirth,
  gender: z.enum(GENDERS, 'gender.required'),
  address: required('address.required', 400),
  /**
   * The address as it was asked for, by the wizard: checked against its country's rules, and the
   * one line above must be these parts joined. Optional, so a client that sends only the line
   * (as every client did before) is still served.
   */
  addressParts: z
    .object({
      country: addressCountry,
      street: z.string('address.required').trim().max(200, 'text.tooLong'),
      city: z.string('city.required').trim().max(100, 'text.tooLong'),
      state: z.string().trim().max(100, 'text.tooLong').optional(),
      zipCode: z.string().trim().max(20, 'text.tooLong').optional(),
    })
    .superRefine((parts, ctx) => reportAddressIssues(parts, ctx, (part) => part), {
      when: ({ value }) => typeof value === 'object' && value !== null,
    })
    .optional(),
  bloodType: z
    .enum([...BLOOD_TYPES, 'Unknown'], 'choice.invalid')
    .optional()
    .default('Unknown'),
  insuranceProvider: optionalText(200),
  insurancePolicyNumber: optionalText(100),
  preferredLanguage: z.enum(PREFERRED_LANGUAGES, 'choice.invalid').optional().default('English'),
  maritalStatus: z.enum(MARITAL_STATUSES, 'choice.invalid').optional(),
  occupation: optionalText(100),
  allergies: list(50).optional().default([]),
  medications: list(50).optional().default([]),
  medicalHistory: list(50).optional().default([]),
};

/** The one address line must be its parts joined, once everything else holds (parts wrong in themselves say so, not that they differ). */
export const addressLineMatchesParts = [
  (payload: { address: string; addressParts?: AddressParts }, ctx: z.RefinementCtx) => {
    const parts = payload.addressParts;
    if (parts && payload.address !== joinAddress(parts)) ctx.addIssue({ code: 'custom', path: ['address'], message: 'address.mismatch' });
  },
  { when: ({ issues }: { issues: readonly unknown[] }) => issues.length === 0 },
] as const;

const { firstName: _firstName, lastName: _lastName, email: _email, ...afterEmail } = registrationPersonFields;

/**
 * What POST /api/patients/register accepts. The client's medicalRecordNumber and
 * age are accepted for compatibility and ignored: the server assigns the record number and derives
 * the age. The role can only be patient.
 */
export const registrationPayloadSchema = z
  .object({
    // The password after the e-mail address, where the wizard asks for it (a field's first issue is shown).
    firstName: registrationPersonFields.firstName,
    lastName: registrationPersonFields.lastName,
    email,
    password,
    ...afterEmail,
    role: z.literal('patient').optional().default('patient'),
    medicalRecordNumber: z.string().max(40).optional(),
    age: z.number().int().min(0).max(150).optional(),
  })
  .superRefine(...addressLineMatchesParts);
export type RegistrationPayload = z.input<typeof registrationPayloadSchema>;

/**
 * The same answer whether the address was new (the account is created and welcomed) or already had
 * an account (its holder is told by mail): the answer never says which (docs/product.md, registration).
 */
export const registrationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
