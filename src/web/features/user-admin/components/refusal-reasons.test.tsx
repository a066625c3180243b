import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { setUpComponentTests } from '../../../test/component-tests';
import { UserAdminPage } from '../pages/user-admin-page';
import { adminUser, fakeServer, json, renderAsAdmin, type Call } from '../testing/render-admin';

setUpComponentTests();

// The dialogs say why the server refused a change by its code, in the reader's language: never the
// server's English message, which is made unmistakable here so a test would see it leak.

const SERVER_TEXT = 'Server English that must never reach the screen';
const refusal = (code: string, status: number) => json({ error: { code, message: SERVER_TEXT } }, status);
const list = () => json({ data: [adminUser()], page: 1, pageSize: 20, total: 1 });
const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

async function inLanguage(language: string, test: () => Promise<void>) {
  await i18next.changeLanguage(language);
  try {
    await test();
  } finally {
    await i18next.changeLanguage('en');
  }
}

const noPermissions = () =>
  json({
    data: { permissions: [], effectivePermissions: [], roles: ['staff'], metadata: { lastUpdated: '2026-01-02T00:00:00.000Z' } },
  });

async function openDetail(answer: (call: Call) => Response | undefined) {
  fakeServer((call) => answer(call) ?? (call.url.endsWith('/permissions') ? noPermissions() : list()));
  const user = userEvent.setup();
  renderAsAdmin(<UserAdminPage />);
  await user.click(await screen.findByRole('button', { name: t('user-admin:table.manageUser', { name: 'Sam Staff' }) }));
  const dialog = await screen.findByRole('dialog', { name: 'Sam Staff' });
  return { user, dialog };
}

describe('user administration refusals, worded by code', () => {
  it('says in French that only administrators change an administrator’s account, when a deactivation is refused', async () => {
    await inLanguage('fr', async () => {
      fakeServer((call) => (call.method === 'PUT' ? refusal('ADMIN_ACCOUNT_PROTECTED', 403) : list()));
      const user = userEvent.setup();
      renderAsAdmin(<UserAdminPage />);
      await user.click(await screen.findByRole('button', { name: t('user-admin:table.deactivateUser', { name: 'Sam Staff' }) }));
      const dialog = await screen.findByRole('dialog', { name: t('user-admin:confirm.deactivateTitle', { name: 'Sam Staff' }) });
      await user.click(within(dialog).getByRole('button', { name: t('user-admin:confirm.deactivate') }));
      const expected = t('user-admin:confirm.failed', { reason: t('errors:codes.ADMIN_ACCOUNT_PROTECTED') });
      expect(expected).toContain('administrateurs');
      expect(await within(dialog).findByText(expected)).toBeInTheDocument();
      expect(dialog).not.toHaveTextContent(SERVER_TEXT);
    });
  });

  it('says in German why a role change was refused', async () => {
    await inLanguage('de', async () => {
      const { user, dialog } = await openDetail((call) =>
        call.url.endsWith('/role') ? refusal('DOCTOR_PROFILE_REQUIRED', 409) : undefined,
      );
      await user.selectOptions(within(dialog).getByRole('combobox', { name: t('user-admin:detail.role') }), 'doctor');
      await user.click(within(dialog).getByRole('button', { name: t('user-admin:detail.saveRole') }));
      const expected = t('user-admin:detail.roleFailed', { reason: t('errors:codes.DOCTOR_PROFILE_REQUIRED') });
      expect(expected).toContain('Arztprofil');
      expect(await within(dialog).findByText(expected)).toBeInTheDocument();
      expect(dialog).not.toHaveTextContent(SERVER_TEXT);
    });
  });

  it('says in Spanish that a permission the admin does not hold cannot be granted', async () => {
    await inLanguage('es', async () => {
      const { user, dialog } = await openDetail((call) => (call.method === 'POST' ? refusal('PERMISSION_NOT_HELD', 403) : undefined));
      await user.click(await within(dialog).findByRole('checkbox', { name: 'billing.view' }));
      await user.click(within(dialog).getByRole('button', { name: t('user-admin:detail.save') }));
      const expected = t('user-admin:detail.saveFailed', { reason: t('errors:codes.PERMISSION_NOT_HELD') });
      expect(expected).toContain('permisos');
      expect(await within(dialog).findByText(expected)).toBeInTheDocument();
      expect(dialog).not.toHaveTextContent(SERVER_TEXT);
    });
  });

  it('says in Arabic that only an administrator creates this account, and falls back to the general sentence for an unknown code', async () => {
    await inLanguage('ar', async () => {
      let code = 'STAFF_ACCOUNTS_ONLY';
      fakeServer((call) => (call.method === 'POST' ? refusal(code, 403) : list()));
      const user = userEvent.setup();
      renderAsAdmin(<UserAdminPage />);
      await user.click(await screen.findByRole('button', { name: t('user-admin:newAccount') }));
      const dialog = await screen.findByRole('dialog', { name: t('user-admin:create.title') });
      await user.type(within(dialog).getByLabelText(t('user-admin:create.firstName')), 'Nina');
      await user.type(within(dialog).getByLabelText(t('user-admin:create.lastName')), 'Nurse');
      await user.type(within(dialog).getByLabelText(t('user-admin:create.email')), 'nina@example.org');
      await user.click(within(dialog).getByRole('button', { name: t('user-admin:create.submit') }));
      const expected = t('user-admin:create.failed', { reason: t('errors:codes.STAFF_ACCOUNTS_ONLY') });
      expect(expected).toContain('الموظفين');
      expect(await within(dialog).findByText(expected)).toBeInTheDocument();
      expect(dialog).not.toHaveTextContent(SERVER_TEXT);

      code = 'SOMETHING_NEW';
      await user.click(within(dialog).getByRole('button', { name: t('user-admin:create.submit') }));
      expect(await within(dialog).findByText(t('user-admin:create.failed', { reason: t('errors:api.generic') }))).toBeInTheDocument();
      expect(dialog).not.toHaveTextContent(SERVER_TEXT);
    });
  });
});
