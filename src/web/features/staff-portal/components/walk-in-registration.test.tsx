import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Permission } from '../../../../contracts/permissions';
import { json, renderPatientView } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { loadPermissionsValidator } from '../../../lib/permissions/permissions-query';
import { permissionsAnswer } from '../../../lib/permissions/testing';
import { sessionUser } from '../../../lib/session/testing';
import { typeDate } from '../../../test/date-field';
import { WalkInRegistration } from './walk-in-registration';

// The desk's walk-in registration with the real form kit, i18n and TanStack Query; fetch is the only
// thing replaced. Possible duplicates come first; "create anyway" sends the confirmation.

const staff = sessionUser({
  id: '2c1d7a4e-8f3b-4b6a-9e2d-5a7c3e1f0b94',
  role: 'staff',
  position: 'reception',
  firstName: 'Emily',
  lastName: 'Rodriguez',
});
const DUPLICATE_ID = '7d2e4f6a-1b3c-4d5e-8f9a-0b1c2d3e4f5a';
const CREATED = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  firstName: 'Noor',
  lastName: 'Haddad',
  email: 'noor.haddad@example.org',
  medicalRecordNumber: 'MRN-000123',
  invitationExpiresAt: '2099-01-04T10:00:00.000Z',
};

type Handler = (body: unknown) => Response;

function stubServer(routes: Record<string, Handler>, granted: Permission[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/csrf-token') return json({ csrfToken: 'token' });
      if (url === `/api/users/${staff.id}/permissions`) return json(permissionsAnswer(granted.map((permission) => ({ permission }))));
      const answer = routes[`${method} ${url}`];
      return answer ? answer(body) : json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    }),
  );
  return calls;
}

async function fillIn(user: UserEvent) {
  await user.click(await screen.findByTestId('walk-in-toggle'));
  await user.type(screen.getByLabelText('First Name'), 'Noor');
  await user.type(screen.getByLabelText('Last Name'), 'Haddad');
  await typeDate(user, screen.getByRole('group', { name: 'Date of Birth' }), '1984-03-09');
  await user.selectOptions(screen.getByLabelText('Gender'), 'female');
  await user.type(screen.getByLabelText('Email'), CREATED.email);
  await user.type(screen.getByLabelText('Phone Number'), '+1 555 010 2000');
  await user.selectOptions(screen.getByLabelText('Country or Region'), 'GB');
  await user.type(screen.getByLabelText('Street Address'), '12 Market Street');
  await user.type(screen.getByLabelText('City'), 'Leeds');
  await user.type(screen.getByLabelText('Postal Code'), 'LS1 6AB');
}

beforeAll(async () => {
  await initI18n('en');
  await loadPermissionsValidator();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('walk-in registration', { timeout: 30_000 }, () => {
  it('shows possible duplicates with a link to the record, and creates the patient only when told to anyway', async () => {
    const calls = stubServer(
      {
        'POST /api/staff/patients/duplicates': () =>
          json({
            data: [
              { id: DUPLICATE_ID, firstName: 'Noor', lastName: 'Haddad', dateOfBirth: '1984-03-09', reasons: ['name-and-birth-date'] },
            ],
          }),
        'POST /api/staff/patients': () => json({ data: CREATED }, 201),
      },
      ['patients.create', 'patients.view.all', 'medical_records.view'],
    );
    const user = userEvent.setup();
    renderPatientView(<WalkInRegistration />, { user: staff });
    await fillIn(user);
    await user.click(screen.getByTestId('walk-in-submit'));

    const warning = await screen.findByTestId('walk-in-duplicates');
    const link = within(warning).getByRole('link', { name: 'Possible existing patient: Noor Haddad, born March 9, 1984' });
    expect(link).toHaveAttribute('href', `/patient/${DUPLICATE_ID}`);
    expect(within(warning).getByText('(same name and date of birth)')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/staff/patients')).toBe(false);
    expect(calls.find((call) => call.url === '/api/staff/patients/duplicates')?.body).toEqual({
      firstName: 'Noor',
      lastName: 'Haddad',
      dateOfBirth: '1984-03-09',
      email: CREATED.email,
      phone: '+1 555 010 2000',
    });

    await user.click(screen.getByRole('button', { name: 'Create anyway' }));
    const created = await screen.findByTestId('walk-in-created');
    expect(created).toHaveTextContent('Noor Haddad is registered.');
    expect(created).toHaveTextContent(`Invitation sent to ${CREATED.email}`);
    const sent = calls.find((call) => call.method === 'POST' && call.url === '/api/staff/patients');
    expect(sent?.body).toMatchObject({
      firstName: 'Noor',
      gender: 'female',
      address: expect.stringContaining('12 Market Street'),
      addressParts: { country: 'GB', street: '12 Market Street', city: 'Leeds', zipCode: 'LS1 6AB' },
      confirmNotDuplicate: true,
    });
    expect(sent?.body).not.toHaveProperty('password');
  });

  it('names a possible duplicate without a link where the desk may not open records', async () => {
    stubServer(
      {
        'POST /api/staff/patients/duplicates': () =>
          json({ data: [{ id: null, firstName: 'Noor', lastName: 'Haddad', dateOfBirth: '1984-03-09', reasons: ['email', 'phone'] }] }),
      },
      ['patients.create'],
    );
    const user = userEvent.setup();
    renderPatientView(<WalkInRegistration />, { user: staff });
    await fillIn(user);
    await user.click(screen.getByTestId('walk-in-submit'));
    const warning = await screen.findByTestId('walk-in-duplicates');
    expect(within(warning).getByText('Possible existing patient: Noor Haddad, born March 9, 1984')).toBeInTheDocument();
    expect(within(warning).queryByRole('link')).toBeNull();
    expect(within(warning).getByText('(same e-mail, same phone)')).toBeInTheDocument();
  });

  it('registers at once when nobody matches, and says a taken e-mail beside the field', async () => {
    const calls = stubServer(
      {
        'POST /api/staff/patients/duplicates': () => json({ data: [] }),
        'POST /api/staff/patients': () =>
          json(
            {
              error: {
                code: 'EMAIL_TAKEN',
                message: 'An account with this email already exists',
                fields: { email: 'An account with this email already exists' },
              },
            },
            409,
          ),
      },
      ['patients.create'],
    );
    const user = userEvent.setup();
    renderPatientView(<WalkInRegistration />, { user: staff });
    await fillIn(user);
    await user.click(screen.getByTestId('walk-in-submit'));
    expect(await screen.findByTestId('walk-in-error')).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/staff/patients')?.body).toMatchObject({
      confirmNotDuplicate: false,
    });
  });

  it('checks the form before asking the server anything', async () => {
    const calls = stubServer({}, ['patients.create']);
    const user = userEvent.setup();
    renderPatientView(<WalkInRegistration />, { user: staff });
    await user.click(await screen.findByTestId('walk-in-toggle'));
    await user.click(screen.getByTestId('walk-in-submit'));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveFocus();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
