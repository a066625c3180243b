import { describe, expect, it } from 'vitest';
import {
  ageFromBirthDate,
  registrationPayloadSchema,
  registrationStep1Schema,
  registrationStep2Schema,
  registrationStep3Schema,
  splitList,
} from './registration';
import { joinAddress } from './addresses';

const validPayload = {
  firstName: 'Amara',
  lastName: 'Okafor',
  email: 'amara@example.org',
  password: 'Harbour-Lights#42',
  phone: '+1 555 010 2233',
  dateOfBirth: '1988-04-17',
  gender: 'female',
  address: '12 Elm Street, Springfield, IL 62701',
};

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  // A field's first issue: the one the server's error handler and the form's resolver show.
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('splitList (comma-separated lists)', () => {
  it('splits comma-separated text, trims, and drops empty entries', () => {
    expect(splitList(' Penicillin ,Peanuts,, ,Latex ')).toEqual(['Penicillin', 'Peanuts', 'Latex']);
    expect(splitList('')).toEqual([]);
  });

  it('also splits on the commas typed in Chinese and Arabic', () => {
    expect(splitList('青霉素，花生、乳胶')).toEqual(['青霉素', '花生', '乳胶']);
    expect(splitList('بنسلين، فول سوداني')).toEqual(['بنسلين', 'فول سوداني']);
  });
});

describe('ageFromBirthDate (a plain year difference)', () => {
  it('is the current year minus the birth year, whether or not the birthday has passed', () => {
    expect(ageFromBirthDate('1990-12-31', new Date('2026-01-01T12:00:00'))).toBe(36);
    expect(ageFromBirthDate('1990-01-01', new Date('2026-12-31T12:00:00'))).toBe(36);
  });
});

describe('registration step schemas (messages per field)', () => {
  it('step 1 names each missing field with its message key', () => {
    const result = registrationStep1Schema.safeParse({
      firstName: '',
      lastName: ' ',
      email: '',
      password: '',
      confirmPassword: '',
      phone: '',
      dateOfBirth: '',
      gender: '',
    });
    expect(messages(result)).toEqual({
      firstName: 'firstName.required',
      lastName: 'lastName.required',
      email: 'email.required',
      password: 'password.required',
      phone: 'phone.required',
      dateOfBirth: 'dateOfBirth.required',
      gender: 'gender.required',
    });
  });

  it('step 1 wants a valid email, 6+ characters and a matching confirmation', () => {
    const result = registrationStep1Schema.safeParse({
      ...validPayload,
      email: 'amara@',
      password: 'abc12',
      confirmPassword: 'abc123',
    });
    expect(messages(result)).toEqual({
      email: 'email.registrationInvalid',
      password: 'password.tooShort',
      confirmPassword: 'password.mismatch',
    });
  });

  it('step 2 requires the address parts only; step 3 requires nothing', () => {
    expect(
      messages(registrationStep2Schema.safeParse({ address: '', city: '', state: '', zipCode: '', maritalStatus: '', occupation: '' })),
    ).toEqual({
      address: 'address.required',
      city: 'city.required',
      state: 'state.required',
      zipCode: 'zipCode.required',
    });
    const step3 = registrationStep3Schema.safeParse({ bloodType: '', allergies: '', medications: '', medicalHistory: '' });
    expect(step3.success).toBe(true);
    expect(step3.data?.preferredLanguage).toBe('English');
  });
});

describe('registrationPayloadSchema (what the server accepts)', () => {
  it('fills the defaults: role patient, blood type Unknown, English, empty lists', () => {
    expect(registrationPayloadSchema.parse(validPayload)).toMatchObject({
      role: 'patient',
      bloodType: 'Unknown',
      preferredLanguage: 'English',
      allergies: [],
      medications: [],
      medicalHistory: [],
    });
  });

  it('refuses any role but patient', () => {
    for (const role of ['admin', 'doctor', 'staff', 'Patient']) {
      expect(messages(registrationPayloadSchema.safeParse({ ...validPayload, role }))).toHaveProperty('role');
    }
  });

  it('refuses well-known passwords and impossible birth dates', () => {
    expect(messages(registrationPayloadSchema.safeParse({ ...validPayload, password: 'Welcome1!' }))).toEqual({
      password: 'password.common',
    });
    for (const dateOfBirth of ['2999-01-01', '1988-02-30', '17/04/1988', '1899-12-31']) {
      expect(messages(registrationPayloadSchema.safeParse({ ...validPayload, dateOfBirth }))).toEqual({
        dateOfBirth: 'dateOfBirth.invalid',
      });
    }
  });
});

describe('addresses follow their country (contracts/addresses.ts)', () => {
  const step2 = (values: Record<string, string>) =>
    messages(registrationStep2Schema.safeParse({ address: '1 Main', city: 'Town', maritalStatus: '', occupation: '', ...values }));

  it('asks a German address for a five-digit postal code and no state', () => {
    expect(step2({ country: 'DE', zipCode: '10115' })).toEqual({});
    expect(step2({ country: 'DE' })).toEqual({ zipCode: 'postalCode.required' });
    expect(step2({ country: 'DE', zipCode: '1011' })).toEqual({ zipCode: 'postalCode.invalid' });
  });

  it('asks an Emirati address for its emirate and no postal code, a Canadian one for a province and its code shape', () => {
    expect(step2({ country: 'AE' })).toEqual({ state: 'emirate.required' });
    expect(step2({ country: 'AE', state: 'Dubai' })).toEqual({});
    expect(step2({ country: 'CA', state: 'ON', zipCode: 'm5j 2n8' })).toEqual({});
    expect(step2({ country: 'CA', state: 'ON', zipCode: '12345' })).toEqual({ zipCode: 'postalCode.invalid' });
  });

  it('keeps the US rules of old: state and a ZIP code of five (or nine) digits', () => {
    expect(step2({ country: 'US', state: 'IL', zipCode: '62701-1234' })).toEqual({});
    expect(step2({ country: 'US', zipCode: '6270' })).toEqual({ state: 'state.required', zipCode: 'zipCode.invalid' });
    expect(step2({ country: 'XX' })).toHaveProperty('country', 'country.invalid');
  });

  it('joins the parts into the one line, leaving out the lines the country lacks', () => {
    expect(joinAddress({ country: 'US', street: '12 Elm Street', city: 'Springfield', state: 'IL', zipCode: '62701' })).toBe(
      '12 Elm Street, Springfield, IL 62701',
    );
    expect(joinAddress({ country: 'DE', street: 'Hauptstraße 5', city: 'Berlin', state: 'left over', zipCode: '10115' })).toBe(
      'Hauptstraße 5, Berlin, 10115, DE',
    );
    expect(joinAddress({ country: 'AE', street: '12 Corniche Road', city: 'Abu Dhabi', state: 'Abu Dhabi', zipCode: '99' })).toBe(
      '12 Corniche Road, Abu Dhabi, Abu Dhabi, AE',
    );
  });

  it('the payload accepts parts that match the line and refuses those that do not', () => {
    const parts = { country: 'DE', street: 'Hauptstraße 5', city: 'Berlin', zipCode: '10115' };
    expect(
      registrationPayloadSchema.safeParse({ ...validPayload, address: 'Hauptstraße 5, Berlin, 10115, DE', addressParts: parts }).success,
    ).toBe(true);
    expect(messages(registrationPayloadSchema.safeParse({ ...validPayload, addressParts: parts }))).toEqual({
      address: 'address.mismatch',
    });
    expect(messages(registrationPayloadSchema.safeParse({ ...validPayload, addressParts: { ...parts, zipCode: '' } }))).toEqual({
      'addressParts.zipCode': 'postalCode.required',
    });
    expect(registrationPayloadSchema.safeParse({ ...validPayload, preferredLanguage: 'Arabic' }).success).toBe(true);
  });
});
