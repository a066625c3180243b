import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrganisationSettings } from '../../../../contracts/organisation';
import { clearFormBackups } from '../../../lib/forms/form-backup';
import { i18next } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { setUpComponentTests } from '../../../test/component-tests';
import { SettingsForm } from './settings-form';

// The organisation settings as a kit form: the contract's rules in the reader's language, the
// server's refusal beside its field, and what was typed kept when saving fails.

setUpComponentTests();

const SETTINGS: OrganisationSettings = {
  name: 'Caredeck Clinic',
  logoUrl: null,
  supportEmail: 'support@caredeck.local',
  phone: null,
  address: null,
  updatedAt: null,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubSave(answer: () => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/csrf-token') return json({ csrfToken: 'token' });
      if (url === '/api/admin/organisation' && init?.method === 'PUT') {
        bodies.push(JSON.parse(String(init.body)));
        return answer();
      }
      return json({}, 404);
    }),
  );
  return bodies;
}

function renderForm() {
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <SettingsForm settings={SETTINGS} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), view };
}

const tr = (key: string) => i18next.t(key);

afterEach(async () => {
  clearFormBackups();
  await i18next.changeLanguage('en');
});

describe('organisation settings form', () => {
  it('says in Spanish what the rules refuse and sends nothing', async () => {
    await i18next.changeLanguage('es');
    const bodies = stubSave(() => json({}, 500));
    const { user } = renderForm();
    const name = screen.getByLabelText(tr('organisation:settings.name'));
    await user.clear(name);
    const email = screen.getByLabelText(tr('organisation:settings.supportEmail'));
    await user.clear(email);
    await user.type(email, 'support@');
    await user.click(screen.getByRole('button', { name: tr('organisation:settings.save') }));

    expect(await screen.findByTestId('name-error')).toHaveTextContent(tr('validation:name.required'));
    expect(screen.getByTestId('supportEmail-error')).toHaveTextContent(tr('validation:email.invalid'));
    expect(screen.getByTestId('supportEmail-error')).not.toHaveTextContent('Please enter a valid email address');
    expect(name).toHaveFocus();
    expect(email).toHaveValue('support@');
    expect(bodies).toEqual([]);
  });

  it('puts the server’s refusal beside its field, translated, and keeps the values', async () => {
    await i18next.changeLanguage('de');
    stubSave(() =>
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            fields: { phone: 'Please enter a valid phone number' },
          },
        },
        400,
      ),
    );
    const { user } = renderForm();
    const phone = screen.getByLabelText(tr('organisation:settings.phone'));
    await user.type(phone, '+49 30 1234567');
    await user.click(screen.getByRole('button', { name: tr('organisation:settings.save') }));
    expect(await screen.findByTestId('phone-error')).toHaveTextContent(tr('validation:phone.invalid'));
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveValue('+49 30 1234567');
  });

  it('says a failed save above the form and offers the typed values back when the form is opened again', async () => {
    const bodies = stubSave(() =>
      json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }, 500),
    );
    const { user, view } = renderForm();
    await user.type(screen.getByLabelText('Address'), '1 Harbour Road');
    await user.click(screen.getByRole('button', { name: tr('organisation:settings.save') }));
    expect(await screen.findByText(tr('organisation:settings.saveFailed'))).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    view.unmount();

    renderForm();
    expect(await screen.findByTestId('form-restored')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveValue('1 Harbour Road');
  });
});
