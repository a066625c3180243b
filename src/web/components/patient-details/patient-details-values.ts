import { DEFAULT_ADDRESS_COUNTRY, joinAddress, type AddressCountry, type AddressParts } from '../../../contracts/addresses';
import type { DeskRegistrationRequest } from '../../../contracts/desk-registration';
import {
  splitList,
  type BLOOD_TYPES,
  type GENDERS,
  type MARITAL_STATUSES,
  type PREFERRED_LANGUAGES,
} from '../../../contracts/registration';

// Who a patient is, where they live and what their care should know: what the patient's own
// registration and the desk's walk-in registration both ask for. The values are held as the inputs
// hold them (selects start empty, lists are text) and sent as the contract's person fields.

export interface PatientDetailsValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  gender: '' | (typeof GENDERS)[number];
  /** Which address fields follow, and which of them are required (contracts/addresses.ts). */
  country: AddressCountry;
  /** The street: the request's one address line joins street, city, state and zip. */
  address: string;
  city: string;
  state: string;
  zipCode: string;
  maritalStatus: '' | (typeof MARITAL_STATUSES)[number];
  occupation: string;
  bloodType: '' | (typeof BLOOD_TYPES)[number];
  preferredLanguage: (typeof PREFERRED_LANGUAGES)[number];
  allergies: string;
  medications: string;
  medicalHistory: string;
  insuranceProvider: string;
  insurancePolicyNumber: string;
}

export const EMPTY_PATIENT_DETAILS: PatientDetailsValues = {
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
  // Preferred language defaults to English.
  preferredLanguage: 'English',
  allergies: '',
  medications: '',
  medicalHistory: '',
  insuranceProvider: '',
  insurancePolicyNumber: '',
};

/** The contract's person fields, as both registrations send them. */
export type PatientDetailsRequest = Omit<DeskRegistrationRequest, 'confirmNotDuplicate'>;

/**
 * The request's person fields built from the values as typed: texts trimmed; the address is
 * "street, city, state zip" joined as the chosen country has them, with the parts sent beside it;
 * blood type "Unknown" when none was chosen; the lists are the comma-separated texts split and
 * trimmed; preferred language defaults to English.
 */
export function patientDetailsRequestOf(values: PatientDetailsValues): PatientDetailsRequest {
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
    phone: values.phone.trim(),
    dateOfBirth: values.dateOfBirth,
    gender: values.gender as PatientDetailsRequest['gender'],
    address: joinAddress(parts),
    addressParts: parts,
    bloodType: values.bloodType || 'Unknown',
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

/** The field a request path belongs to (`addressParts.street` is the street field, `address`). */
export function patientDetailsFieldOf(path: string): string {
  const [head = '', part] = path.split('.');
  if (head !== 'addressParts') return head;
  return part === 'street' ? 'address' : (part ?? 'address');
}
