import { describe, expect, it } from 'vitest';
import { registrationPayloadSchema } from '../../../../contracts/registration';
import { EMPTY_REGISTRATION, type RegistrationFormValues } from '../lib/wizard';
import { buildRegistrationPayload, payloadIssues } from './registration-payload';

const filled: RegistrationFormValues = {
  ...EMPTY_REGISTRATION,
  firstName: ' Amara ',
  lastName: 'Okafor',
  email: ' amara@example.org ',
  password: ' Harbour-Lights#42 ',
  confirmPassword: ' Harbour-Lights#42 ',
  phone: '+1 555 010 2233',
  dateOfBirth: '1988-04-17',
  gender: 'female',
  address: ' 12 Elm Street ',
  city: 'Springfield ',
  state: 'IL',
  zipCode: ' 62701',
  maritalStatus: 'married',
  occupation: 'Civil engineer',
  bloodType: 'AB-',
  allergies: 'Penicillin, Peanuts ,, ',
  medications: 'Lisinopril 10 mg',
  medicalHistory: ' Hypertension ,Asthma',
  insuranceProvider: 'Meridian Care',
  insurancePolicyNumber: 'POL-778812',
  preferredLanguage: 'French',
};

// 2026-03-05T10:20:30.123Z: the last six digits of its epoch milliseconds are what the MRN carries.
const now = new Date('2026-03-05T10:20:30.123Z');

describe('buildRegistrationPayload', () => {
  it('joins the address as "street, city, state zip" and trims the texts (never the password)', () => {
    const payload = buildRegistrationPayload(filled, now);
    expect(payload.address).toBe('12 Elm Street, Springfield, IL 62701');
    expect(payload.firstName).toBe('Amara');
    expect(payload.email).toBe('amara@example.org');
    expect(payload.password).toBe(' Harbour-Lights#42 ');
    expect(payload).not.toHaveProperty('confirmPassword');
    expect(payload).not.toHaveProperty('city');
  });

  it('fixes the role to patient and makes the record number "MRN" plus the last 6 digits of the time', () => {
    const payload = buildRegistrationPayload(filled, now);
    expect(payload.role).toBe('patient');
    expect(payload.medicalRecordNumber).toBe(`MRN${String(now.getTime()).slice(-6)}`);
    expect(payload.medicalRecordNumber).toMatch(/^MRN\d{6}$/);
  });

  it('computes the age as the current year minus the birth year', () => {
    expect(buildRegistrationPayload(filled, new Date('2026-01-01T12:00:00')).age).toBe(38);
    expect(buildRegistrationPayload({ ...filled, dateOfBirth: '1988-12-31' }, new Date('2026-01-01T12:00:00')).age).toBe(38);
  });

  it('splits the comma-separated lists and trims each entry', () => {
    const payload = buildRegistrationPayload(filled, now);
    expect(payload.allergies).toEqual(['Penicillin', 'Peanuts']);
    expect(payload.medications).toEqual(['Lisinopril 10 mg']);
    expect(payload.medicalHistory).toEqual(['Hypertension', 'Asthma']);
  });

  it('uses the defaults when step 3 is left alone: blood type Unknown, English, empty lists, no marital status', () => {
    const payload = buildRegistrationPayload(
      {
        ...filled,
        bloodType: '',
        maritalStatus: '',
        allergies: '',
        medications: '',
        medicalHistory: '',
        preferredLanguage: EMPTY_REGISTRATION.preferredLanguage,
      },
      now,
    );
    expect(payload.bloodType).toBe('Unknown');
    expect(payload.preferredLanguage).toBe('English');
    expect(payload.allergies).toEqual([]);
    expect(payload.medications).toEqual([]);
    expect(payload.medicalHistory).toEqual([]);
    expect(payload).not.toHaveProperty('maritalStatus');
    expect(EMPTY_REGISTRATION.preferredLanguage).toBe('English');
  });

  it('builds what the server’s schema accepts', () => {
    expect(registrationPayloadSchema.safeParse(buildRegistrationPayload(filled, now)).success).toBe(true);
    expect(payloadIssues(buildRegistrationPayload(filled, now))).toEqual({});
  });

  it('reports a list entry the server would refuse against the field it was typed in', () => {
    const payload = buildRegistrationPayload({ ...filled, allergies: `Penicillin, ${'x'.repeat(201)}` }, now);
    expect(payloadIssues(payload)).toEqual({ allergies: 'text.tooLong' });
  });
});
