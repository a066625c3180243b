import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { setUpComponentTests } from '../../../test/component-tests';
import { adminUser, fakeServer, json, renderAsAdmin } from '../testing/render-admin';
import { UserAdminPage } from './user-admin-page';
import { typeDate } from '../../../test/date-field';

setUpComponentTests();

const list = (data: unknown[], total = data.length) => json({ data, page: 1, pageSize: 20, total });

describe('users page', () => {
  it('lists accounts with role, position and status, and searches with the filters', async () => {
    const calls = fakeServer(() =>
      list([
        adminUser(),
        adminUser({
          id: '9d0e2c4e-3333-4c43-9d7e-0c1b2a3d4e5f',
          firstName: 'Dee',
          lastName: 'Doctor',
          name: 'Dee Doctor',
          email: 'dee@example.org',
          role: 'doctor',
          position: null,
          specialty: 'Cardiology',
          isActive: false,
        }),
      ]),
    );
    const user = userEvent.setup();
    renderAsAdmin(<UserAdminPage />);

    const table = await screen.findByTestId('users-table');
    const sam = within(table).getByRole('row', { name: /Sam Staff/ });
    expect(within(sam).getByText('Billing')).toBeInTheDocument();
    expect(within(sam).getByText('Active')).toBeInTheDocument();
    const dee = within(table).getByRole('row', { name: /Dee Doctor/ });
    expect(within(dee).getByText('Cardiology')).toBeInTheDocument();
    expect(within(dee).getByText('Deactivated')).toBeInTheDocument();
    expect(within(dee).getByRole('button', { name: 'Reactivate Dee Doctor' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by name or email'), 'sam');
    await user.selectOptions(screen.getByLabelText('Role'), 'staff');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/users?search=sam&role=staff&sort=name&direction=asc&page=1&pageSize=20'));
  });

  it('says in German that a search is too long, asks nothing with it and keeps it', async () => {
    await i18next.changeLanguage('de');
    try {
      const calls = fakeServer(() => list([adminUser()]));
      const user = userEvent.setup();
      renderAsAdmin(<UserAdminPage />);
      await screen.findByRole('table');
      const asked = calls.length;
      const search = screen.getByLabelText(i18next.t('user-admin:filters.search'));
      await user.click(search);
      await user.paste('x'.repeat(201));
      await user.click(screen.getByRole('button', { name: i18next.t('user-admin:filters.apply') }));
      expect(await screen.findByTestId('search-error')).toHaveTextContent(i18next.t('validation:text.tooLong'));
      expect(screen.getByTestId('search-error')).not.toHaveTextContent('This text is too long');
      expect(search).toHaveValue('x'.repeat(201));
      expect(search).toHaveFocus();
      expect(calls).toHaveLength(asked);
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('says so when nothing matches, and offers a retry when loading fails', async () => {
    let fail = true;
    fakeServer(() => (fail ? json({ error: { code: 'INTERNAL', message: 'Internal error' } }, 500) : list([])));
    const user = userEvent.setup();
    renderAsAdmin(<UserAdminPage />);
    expect(await screen.findByText('The accounts could not be loaded. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No accounts match')).toBeInTheDocument();
  });

  it('deactivates after confirmation only', async () => {
    const calls = fakeServer((call) => (call.method === 'PUT' ? json({ data: adminUser({ isActive: false }) }) : list([adminUser()])));
    const user = userEvent.setup();
    renderAsAdmin(<UserAdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Deactivate Sam Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Sam Staff?' });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: `/api/users/${adminUser().id}/status`, body: { active: false } });
    expect(await screen.findByText('Sam Staff was deactivated')).toBeInTheDocument();
  });

  it('never offers to deactivate the signed-in admin', async () => {
    fakeServer(() =>
      list([
        adminUser({
          id: '0b9c2c4e-1111-4c43-9d7e-0c1b2a3d4e5f',
          firstName: 'Ada',
          lastName: 'Admin',
          name: 'Ada Admin',
          role: 'admin',
          position: null,
        }),
      ]),
    );
    renderAsAdmin(<UserAdminPage />);
    const row = await screen.findByRole('row', { name: /Ada Admin/ });
    expect(within(row).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
  });
});

describe('create account dialog', () => {
  it('shows the translated field errors and sends nothing while a rule is broken', async () => {
    const calls = fakeServer(() => list([]));
    const user = userEvent.setup();
    renderAsAdmin(<UserAdminPage />);
    await user.click(await screen.findByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await user.selectOptions(within(dialog).getByLabelText('Account type'), 'doctor');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Create and send invitation' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Hospital is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose one of the options')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("places a doctor at one of the organisation's clinics instead of typing a hospital", async () => {
    const clinics = [
      { id: 'c1a5e2d4-1111-4c43-9d7e-0c1b2a3d4e5f', name: 'Harbour Clinic', latitude: 1, longitude: 2, address: null },
      { id: 'c2a5e2d4-2222-4c43-9d7e-0c1b2a3d4e5f', name: 'Hillside Clinic', latitude: 3, longitude: 4, address: null },
    ];
    const calls = fakeServer((call) => {
      if (call.url.startsWith('/api/public/config'))
        return json({
          organisationName: 'Caredeck',
          supportEmail: 's@x.org',
          demoMode: false,
          phone: null,
          address: null,
          logoUrl: null,
          clinics,
        });
      if (call.method !== 'POST') return list([]);
      return json({ data: adminUser({ role: 'doctor', position: null }), invitationExpiresAt: '2026-01-05T00:00:00.000Z' }, 201);
    });
    const user = userEvent.setup();
    renderAsAdmin(<UserAdminPage />);
    await user.click(await screen.findByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await user.selectOptions(within(dialog).getByLabelText('Account type'), 'doctor');
    const clinic = await within(dialog).findByLabelText('Clinic');
    expect(
      within(clinic)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a clinic', 'Harbour Clinic', 'Hillside Clinic']);
    expect(within(dialog).queryByLabelText('Hospital')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('First name'), 'Hana');
    await user.type(within(dialog).getByLabelText('Last name'), 'Ito');
    await user.type(within(dialog).getByLabelText('Email'), 'hana@example.org');
    await user.selectOptions(within(dialog).getByLabelText('Specialty'), 'Cardiology');
    await user.click(within(dialog).getByRole('button', { name: 'Create and send invitation' }));
    expect(await within(dialog).findByText('Please choose the clinic the doctor works at')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.selectOptions(clinic, 'Hillside Clinic');
    await user.click(within(dialog).getByRole('button', { name: 'Create and send invitation' }));
    expect(await screen.findByText('Invitation sent to hana@example.org')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      role: 'doctor',
      specialty: 'Cardiology',
      clinicId: clinics[1]!.id,
    });
    expect(calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('hospital');
  });

  it('sends a staff invitation with only the staff fields, and shows a taken email next to its field', async () => {
    let taken = true;
    const calls = fakeServer((call) => {
      if (call.method !== 'POST') return list([]);
      if (taken)
        return json(
          {
            error: {
              code: 'EMAIL_TAKEN',
              message: 'An account with this email already exists',
              fields: { email: 'An account with this email already exists' },
            },
          },
          409,
        );
      return json({ data: adminUser({ email: 'nina@example.org' }), invitationExpiresAt: '2026-01-05T00:00:00.000Z' }, 201);
    });
    const user = userEvent.setup();
    renderAsAdmin(<UserAdminPage />);
    await user.click(await screen.findByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await user.type(within(dialog).getByLabelText('First name'), 'Nina');
    await user.type(within(dialog).getByLabelText('Last name'), 'Nurse');
    await user.type(within(dialog).getByLabelText('Email'), 'nina@example.org');
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'nurse');
    await user.click(within(dialog).getByRole('button', { name: 'Create and send invitation' }));
    expect(await within(dialog).findByText('An account with this email already exists')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      role: 'staff',
      firstName: 'Nina',
      lastName: 'Nurse',
      email: 'nina@example.org',
      phone: '',
      position: 'nurse',
    });

    taken = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create and send invitation' }));
    expect(await screen.findByText('Invitation sent to nina@example.org')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('user detail: permissions and View as', () => {
  const permissionsOf = (granted: string[]) =>
    json({
      data: {
        permissions: granted.map((permission, i) => ({
          permission: { id: `00000000-0000-4000-8000-00000000000${i}`, permission, category: permission.split('.')[0] },
          isActive: true,
          expiresAt: null,
        })),
        effectivePermissions: granted,
        roles: ['staff'],
        metadata: { lastUpdated: '2026-01-02T00:00:00.000Z' },
      },
    });

  it('shows the views a pending change would open or close before saving, then saves the difference', async () => {
    const calls = fakeServer((call) => {
      if (call.url.endsWith('/permissions') && call.method === 'GET') return permissionsOf(['billing.view']);
      if (call.method !== 'GET') return json({ success: true });
      return list([adminUser()]);
    });
    const user = userEvent.setup();
    renderAsAdmin(<UserAdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Manage Sam Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sam Staff' });
    const viewAs = await within(dialog).findByTestId('view-as');
    const views = within(viewAs).getByTestId('view-as-views');
    expect(views.querySelector('[data-view="billing"]')).toHaveAttribute('data-reachable', 'true');
    expect(views.querySelector('[data-view="appointments"]')).toHaveAttribute('data-reachable', 'false');

    await user.click(within(dialog).getByRole('checkbox', { name: 'appointments.create' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'billing.view' }));
    // Before anything is saved: appointments gained, billing lost.
    expect(views.querySelector('[data-view="appointments"]')).toHaveAttribute('data-reachable', 'true');
    expect(within(views.querySelector<HTMLElement>('[data-view="appointments"]')!).getByText('gained')).toBeInTheDocument();
    expect(within(views.querySelector<HTMLElement>('[data-view="billing"]')!).getByText('lost')).toBeInTheDocument();
    expect(within(viewAs).getByText('Effective permissions (1)')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    await typeDate(user, within(dialog).getByRole('group', { name: 'Expiry of appointments.create' }), '2030-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByText('Permissions saved')).toBeInTheDocument();
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => [c.method, c.url])).toEqual([
      ['POST', `/api/users/${adminUser().id}/permissions`],
      ['DELETE', `/api/users/${adminUser().id}/permissions/billing.view`],
    ]);
    expect((writes[0]!.body as { permission: string; expiresAt: string }).permission).toBe('appointments.create');
    expect((writes[0]!.body as { expiresAt: string }).expiresAt).toMatch(/^2030-0[67]-/);
  });

  it('warns that staff without permissions are denied every guarded view', async () => {
    fakeServer((call) => (call.url.endsWith('/permissions') ? permissionsOf([]) : list([adminUser()])));
    const user = userEvent.setup();
    renderAsAdmin(<UserAdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Manage Sam Staff' }));
    expect(await screen.findByText(/staff without any permission are denied every guarded view/)).toBeInTheDocument();
  });
});
