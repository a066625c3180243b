// Validation messages are keys, so the same zod schema speaks every language: the web client
// translates a key through its `validation` locale namespace, the server answers with the English
// text below. A test keeps src/web/locales/en/validation.json equal to this table.

export const VALIDATION_MESSAGES_EN = {
  'email.required': 'Email is required',
  'email.invalid': 'Please enter a valid email address',
  'email.registrationInvalid': 'Valid email is required',
  'password.required': 'Password is required',
  'password.tooShort': 'Password must be at least 6 characters',
  'password.tooLong': 'Password must be at most 200 characters',
  'password.mismatch': 'Passwords do not match',
  'password.newMismatch': 'New passwords do not match',
  'password.weak': 'Please create a stronger password',
  'password.currentRequired': 'Current password is required',
  'password.common': 'This password is too common. Please choose another one.',
  'password.currentIncorrect': 'Current password is incorrect',
  'password.sameAsCurrent': 'The new password must differ from the current one',
  'mfa.required': 'MFA code is required',
  'mfa.invalidFormat': 'MFA code must be 6 digits',
  'mfa.invalid': 'Invalid verification code',
  'firstName.required': 'First name is required',
  'lastName.required': 'Last name is required',
  'phone.required': 'Phone number is required',
  'phone.invalid': 'Please enter a valid phone number',
  'dateOfBirth.required': 'Date of birth is required',
  'dateOfBirth.invalid': 'Please enter a valid date of birth',
  'dateOfBirth.future': 'Date of birth cannot be in the future',
  'dateOfBirth.tooEarly': 'Date of birth cannot be before 1900',
  'country.invalid': 'Please choose a country or region from the list',
  'insurancePolicyNumber.invalid': 'Use letters, digits, spaces, dots, slashes and hyphens only',
  'list.tooLong': 'Please list at most 50 items',
  'gender.required': 'Gender is required',
  'address.required': 'Address is required',
  'city.required': 'City is required',
  'state.required': 'State is required',
  'zipCode.required': 'ZIP code is required',
  'text.tooLong': 'This text is too long',
  'choice.invalid': 'Please choose one of the options',
  'token.invalid': 'This link is not valid',
  'recoveryCode.invalid': 'Please enter a recovery code',
  'date.invalid': 'Please enter a valid date',
  'date.outOfRange': 'Please enter a date between 1900 and 2200',
  'date.appointmentWindow': 'Please choose a date within the next two years',
  'date.rangeOrder': 'The end date cannot be before the start date',
  'date.rangeTooLong': 'Please choose a shorter period',
  'cursor.invalid': 'This page of results is no longer valid. Please reload the list',
  'text.invalidCharacters': 'This text contains characters that are not allowed',
  'hospital.required': 'Hospital is required',
  'number.invalid': 'Please enter a whole number from 0 to 80',
  'money.invalid': 'Please enter an amount such as 150 or 150.00',
  'name.required': 'Name is required',
  'logo.invalid': 'Use a PNG, JPEG or WebP image under 100 KB, or a path of this site such as /icons/icon-192.png',
  'latitude.invalid': 'Latitude must be a number from -90 to 90',
  'longitude.invalid': 'Longitude must be a number from -180 to 180',
  'reason.required': 'Please tell us the reason for your visit',
  'licensePlate.invalid': 'Please enter a valid licence plate (letters, digits, spaces or dashes)',
  'parking.range': 'Arrival must be before departure',
  'parking.window': 'Parking must cover the appointment and stay within 4 hours of it',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES_EN;

/** The message for a zod issue: a known key's English text, or the message as it is. */
export function englishValidationMessage(message: string): string {
  return (VALIDATION_MESSAGES_EN as Record<string, string>)[message] ?? message;
}
