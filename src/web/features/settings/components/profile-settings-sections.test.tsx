import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setUpComponentTests } from '../../../test/component-tests';
import { json, renderWithSession, sessionUser, stubServer } from '../testing/render-with-session';
import { NotificationsSection } from './notifications-section';
import { PrivacySection } from './privacy-section';
import { ProfileSection } from './profile-section';
import { typeDate } from '../../../test/date-field';

// The settings' medical information, insurance and country, the notification
// choices and the privacy section.

setUpComponentTests();

const SETTINGS = {
  data: {
    theme: null,
    language: null,
    notifications: { appointments: true, labResults: true, messages: true, system: true },
    security: { biometricEnabled: false, mfaEnabled: false },
  },
};

describe('profile: medical information, insurance and country', { timeout: 20_000 }, () => {
  it('sends the reported lists split at commas, the blood type, insurance and country code, and confirms each change', async () => {
    const before = sessionUser();
    const saved = sessionUser({ country: 'ES', insuranceProvider: 'Northwind Health', bloodType: 'AB-' });
    const calls = stubServer(() => json({ success: true, user: saved }));
    const user = userEvent.setup();
    renderWithSession(<ProfileSection />, before);

    await user.selectOptions(screen.getByLabelText('Country or region'), 'ES');
    expect(screen.getByRole('option', { name: 'Spain' })).toHaveProperty('selected', true);
    await user.selectOptions(screen.getByLabelText('Blood type'), 'AB-');
    await user.type(screen.getByLabelText('Allergies'), 'Penicillin, , Peanuts ');
    await user.type(screen.getByLabelText('Medications'), 'Metformin 500 mg');
    await user.type(screen.getByLabelText('Insurance provider'), 'Northwind Health');
    await user.type(screen.getByLabelText('Insurance ID (policy number)'), 'NW-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(screen.getByText('Country updated. Insurance provider updated.')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({
      country: 'ES',
      bloodType: 'AB-',
      allergies: ['Penicillin', 'Peanuts'],
      medications: ['Metformin 500 mg'],
      medicalHistory: [],
      insuranceProvider: 'Northwind Health',
      insurancePolicyNumber: 'NW-1',
    });
  });

  it('makes the patient’s own demographics and chart ask again after a save', async () => {
    const before = sessionUser();
    stubServer(() => json({ success: true, user: before }));
    const user = userEvent.setup();
    const { queryClient } = renderWithSession(<ProfileSection />, before);
    const own = `/api/patients/${before.id}`;
    for (const key of [own, `${own}/complete`, '/api/patients/someone-else']) queryClient.setQueryData([key], { data: 'cached' });

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Profile updated successfully.');
    expect(queryClient.getQueryState([own])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([`${own}/complete`])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/patients/someone-else'])?.isInvalidated).toBe(false);
  });

  it('checks the rules before sending: a bad phone and a future date of birth show their messages and keep the input', async () => {
    const calls = stubServer(() => json({}, 500));
    const user = userEvent.setup();
    renderWithSession(<ProfileSection />);

    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, 'call me');
    await typeDate(user, screen.getByRole('group', { name: 'Date of birth' }), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Date of birth cannot be in the future')).toBeInTheDocument();
    expect(phone).toHaveValue('call me');
    expect(calls).toEqual([]);
  });

  it('shows the server’s message for one item of a list next to the list, keeping the text', async () => {
    stubServer(() =>
      json(
        {
          error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', fields: { 'medications.0': 'This text is too long' } },
        },
        400,
      ),
    );
    const user = userEvent.setup();
    renderWithSession(<ProfileSection />);
    const medications = screen.getByLabelText('Medications');
    await user.type(medications, 'Aspirin');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('This text is too long')).toBeInTheDocument();
    expect(medications).toHaveAttribute('aria-invalid', 'true');
    expect(medications).toHaveValue('Aspirin');
    expect(screen.getByText('Failed to update profile')).toBeInTheDocument();
  });

  it('offers the country to everyone and the medical and insurance fields to patients only', async () => {
    const doctor = sessionUser({ role: 'doctor', emergencyContact: null });
    const calls = stubServer(() => json({ success: true, user: { ...doctor, country: 'FR' } }));
    const user = userEvent.setup();
    renderWithSession(<ProfileSection />, doctor);

    expect(screen.queryByLabelText('Blood type')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Insurance provider')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Country or region'), 'FR');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Country updated.')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ country: 'FR' });
    expect(calls[0]?.body).not.toHaveProperty('bloodType');
    expect(calls[0]?.body).not.toHaveProperty('insuranceProvider');
  });
});

describe('notifications section', { timeout: 20_000 }, () => {
  it('shows the saved choices and saves a change at once', async () => {
    const calls = stubServer((call) =>
      call.method === 'PUT'
        ? json({ data: { ...SETTINGS.data, notifications: { ...SETTINGS.data.notifications, labResults: false } } })
        : json(SETTINGS),
    );
    const user = userEvent.setup();
    renderWithSession(<NotificationsSection />);

    const labs = await screen.findByRole('checkbox', { name: /Lab results/ });
    expect(labs).toBeChecked();
    await user.click(labs);
    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    await waitFor(() => expect(labs).not.toBeChecked());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { url: '/api/user/settings', method: 'PUT', body: { notifications: { labResults: false } } },
    ]);
  });

  it('says when the choices cannot be read', async () => {
    stubServer(() => json({ error: { code: 'INTERNAL', message: 'boom' } }, 500));
    renderWithSession(<NotificationsSection />);
    expect(await screen.findByText('Failed to fetch settings')).toBeInTheDocument();
  });
});

describe('privacy section', () => {
  it('explains what is shared and links a patient to who opened their record', () => {
    renderWithSession(
      <MemoryRouter>
        <PrivacySection />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'See who opened my record' })).toHaveAttribute('href', '/privacy/access-log');
    expect(screen.getByText(/billing staff see billing details/)).toBeInTheDocument();
  });

  it('has no access-log link for other roles', () => {
    renderWithSession(
      <MemoryRouter>
        <PrivacySection />
      </MemoryRouter>,
      sessionUser({ role: 'doctor' }),
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
