import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setUpComponentTests } from '../../../test/component-tests';
import { json, renderWithSession, sessionUser, stubServer } from '../testing/render-with-session';
import { ProfileSection } from './profile-section';

setUpComponentTests();

describe('profile form', () => {
  it('shows a rule’s message on submit and clears it as soon as the field is edited', async () => {
    const calls = stubServer(() => json({}, 500));
    const user = userEvent.setup();
    renderWithSession(<ProfileSection />);

    const firstName = screen.getByLabelText('First name');
    await user.clear(firstName);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveFocus();
    expect(calls).toEqual([]); // nothing is sent while the form breaks a rule

    await user.type(firstName, 'A');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(firstName).not.toHaveAttribute('aria-invalid');
  });

  it('shows the server’s field errors next to their inputs, keeps what was typed, and clears an error on edit', async () => {
    stubServer(() =>
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            fields: { 'emergencyContact.phone': 'Please enter a valid phone number' },
          },
        },
        400,
      ),
    );
    const user = userEvent.setup();
    renderWithSession(<ProfileSection />);

    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+44 20 7946 0000');
    const contactPhone = screen.getByLabelText('Contact phone');
    await user.clear(contactPhone);
    await user.type(contactPhone, '+1 555 0199');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(contactPhone).toHaveAttribute('aria-invalid', 'true');
    // Nothing typed is lost.
    expect(phone).toHaveValue('+44 20 7946 0000');
    expect(contactPhone).toHaveValue('+1 555 0199');

    await user.type(contactPhone, '9');
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    expect(contactPhone).toHaveValue('+1 555 01999');
  });

  it('saves the profile with the emergency contact, confirms, and refreshes the session user', async () => {
    const saved = sessionUser({
      phone: '+1 555 0142',
      emergencyContact: { name: 'Cara Patient', phone: '+1 555 0143', relationship: 'Emergency Contact' },
    });
    const calls = stubServer(() => json({ success: true, user: saved }));
    const user = userEvent.setup();
    const { session } = renderWithSession(<ProfileSection />);

    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+1 555 0142');
    await user.clear(screen.getByLabelText('Contact name'));
    await user.type(screen.getByLabelText('Contact name'), 'Cara Patient');
    await user.clear(screen.getByLabelText('Contact phone'));
    await user.type(screen.getByLabelText('Contact phone'), '+1 555 0143');
    // An empty relationship is stored as "Emergency Contact".
    await user.clear(screen.getByLabelText('Relationship'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        url: `/api/user/profile/${saved.id}`,
        method: 'PUT',
        body: {
          firstName: 'Ann',
          lastName: 'Patient',
          phone: '+1 555 0142',
          dateOfBirth: '1980-04-02',
          gender: 'female',
          address: '1 Main Street, Springfield',
          country: null,
          emergencyContact: { name: 'Cara Patient', phone: '+1 555 0143', relationship: 'Emergency Contact' },
          bloodType: 'O+',
          allergies: [],
          medications: [],
          medicalHistory: [],
          insuranceProvider: '',
          insurancePolicyNumber: '',
        },
      },
    ]);
    await waitFor(() => expect(session.refresh).toHaveBeenCalledTimes(1));
    expect(screen.getByLabelText('Relationship')).toHaveValue('Emergency Contact');
  });

  it('does not offer or send an emergency contact for staff, doctors and admins', async () => {
    const doctor = sessionUser({ role: 'doctor', emergencyContact: null });
    const calls = stubServer(() => json({ success: true, user: doctor }));
    const user = userEvent.setup();
    renderWithSession(<ProfileSection />, doctor);

    expect(screen.queryByLabelText('Contact name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Profile updated successfully.');
    expect(calls[0]?.body).not.toHaveProperty('emergencyContact');
  });
});
