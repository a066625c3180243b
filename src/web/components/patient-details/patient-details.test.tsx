import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { registrationPersonFields } from '../../../contracts/registration';
import { z } from 'zod';
import { initI18n } from '../../lib/i18n';
import { Form } from '../form/form';
import { useSchemaForm } from '../form/use-schema-form';
import { AddressFields } from './address-fields';
import type { DetailsEntry } from './details-entry';
import { MedicalFields } from './medical-fields';
import { EMPTY_PATIENT_DETAILS, patientDetailsFieldOf, patientDetailsRequestOf, type PatientDetailsValues } from './patient-details-values';
import { BirthFields, ContactFields, NameFields } from './personal-fields';

// The patient's details as the wizard and the desk's walk-in form both ask for them: the request
// they build is the contract's, and the same fields differ only in what the browser may fill in,
// the required star and the height of the lists.

const filled: PatientDetailsValues = {
  ...EMPTY_PATIENT_DETAILS,
  firstName: ' Noor ',
  lastName: 'Haddad',
  email: ' noor@example.org ',
  phone: '+44 113 496 0000',
  dateOfBirth: '1984-03-09',
  gender: 'female',
  country: 'GB',
  address: ' 12 Market Street ',
  city: 'Leeds ',
  zipCode: ' LS1 6AB',
  allergies: 'Penicillin，Latex',
};

describe('patientDetailsRequestOf', () => {
  it('builds the contract person fields from the values as typed', () => {
    const request = patientDetailsRequestOf(filled);
    expect(request).toMatchObject({
      firstName: 'Noor',
      email: 'noor@example.org',
      address: '12 Market Street, Leeds, LS1 6AB, GB',
      addressParts: { country: 'GB', street: '12 Market Street', city: 'Leeds', state: '', zipCode: 'LS1 6AB' },
      bloodType: 'Unknown',
      preferredLanguage: 'English',
      allergies: ['Penicillin', 'Latex'],
      medications: [],
    });
    expect(request).not.toHaveProperty('maritalStatus');
    expect(z.object(registrationPersonFields).strict().safeParse(request).success).toBe(true);
  });

  it('places a server path on the field that shows it', () => {
    expect(patientDetailsFieldOf('addressParts.street')).toBe('address');
    expect(patientDetailsFieldOf('addressParts.zipCode')).toBe('zipCode');
    expect(patientDetailsFieldOf('addressParts')).toBe('address');
    expect(patientDetailsFieldOf('allergies.2')).toBe('allergies');
  });
});

function Details({ entry }: { entry: DetailsEntry }) {
  const form = useSchemaForm<PatientDetailsValues>({ schema: z.custom<PatientDetailsValues>(), defaultValues: EMPTY_PATIENT_DETAILS });
  return (
    <Form form={form} onSubmit={() => undefined}>
      <NameFields entry={entry} />
      <BirthFields entry={entry} />
      <ContactFields entry={entry} />
      <AddressFields entry={entry} />
      <MedicalFields entry={entry} />
    </Form>
  );
}

beforeAll(async () => {
  await initI18n('en');
});

describe('the details fields', () => {
  it('let the browser fill in the patient’s own details and star the required ones', () => {
    const { container } = render(<Details entry="own" />);
    expect(screen.getByLabelText('First Name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Street Address')).toHaveAttribute('autocomplete', 'street-address');
    expect(screen.getByLabelText('Country or Region')).toHaveAttribute('autocomplete', 'country');
    expect(screen.getByLabelText('Allergies')).toHaveAttribute('rows', '3');
    expect(container.querySelectorAll('[aria-hidden="true"].text-red-700').length).toBeGreaterThan(0);
  });

  it('keep the browser from offering staff their own details at the desk', () => {
    const { container } = render(<Details entry="desk" />);
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone Number', 'Street Address', 'City', 'Occupation']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('autocomplete', 'off');
    }
    expect(screen.getByLabelText('Allergies')).toHaveAttribute('rows', '2');
    expect(container.querySelectorAll('[aria-hidden="true"].text-red-700')).toHaveLength(0);
  });

  it('ask for the address lines the chosen country has', async () => {
    const user = userEvent.setup();
    render(<Details entry="desk" />);
    expect(screen.getByLabelText('State')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Country or Region'), 'GB');
    expect(screen.queryByLabelText('State')).toBeNull();
    expect(screen.getByLabelText('Postal Code')).toBeInTheDocument();
    const gender = screen.getByLabelText('Gender');
    expect(within(gender).getAllByRole('option').length).toBeGreaterThan(1);
  });
});
