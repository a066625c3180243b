import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearFormBackups } from '../../../lib/forms/form-backup';
import { i18next } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { setUpComponentTests } from '../../../test/component-tests';
import { ClinicsEditor } from './clinics-editor';

// Adding a clinic is a kit form: the contract's rules in the reader's language, and what was typed
// kept when the rules or the server refuse it.

setUpComponentTests();

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubClinics(answer: () => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/csrf-token') return json({ csrfToken: 'token' });
      if (url === '/api/admin/clinics' && (!init?.method || init.method === 'GET')) return json({ data: [] });
      if (url === '/api/admin/clinics' && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return answer();
      }
      return json({}, 404);
    }),
  );
  return bodies;
}

const tr = (key: string) => i18next.t(key);

async function openNewClinic() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ClinicsEditor />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await screen.findByText(tr('organisation:clinics.empty'));
  await user.click(screen.getByRole('button', { name: tr('organisation:clinics.add') }));
  return { user, form: within(screen.getByRole('form', { name: tr('organisation:clinics.addLabel') })) };
}

afterEach(async () => {
  clearFormBackups();
  await i18next.changeLanguage('en');
});

describe('adding a clinic', () => {
  it('says in Chinese what the rules refuse, focuses the first and keeps the coordinates typed', async () => {
    await i18next.changeLanguage('zh');
    const bodies = stubClinics(() => json({}, 500));
    const { user, form } = await openNewClinic();
    await user.type(form.getByLabelText(tr('organisation:clinics.latitude')), '95');
    await user.type(form.getByLabelText(tr('organisation:clinics.longitude')), '13.4');
    await user.click(form.getByRole('button', { name: tr('organisation:clinics.save') }));

    expect(await screen.findByTestId('name-error')).toHaveTextContent(tr('validation:name.required'));
    expect(screen.getByTestId('latitude-error')).toHaveTextContent(tr('validation:latitude.invalid'));
    expect(screen.getByTestId('name-error')).not.toHaveTextContent('Name is required');
    expect(form.getByLabelText(tr('organisation:clinics.name'))).toHaveFocus();
    expect(form.getByLabelText(tr('organisation:clinics.latitude'))).toHaveValue('95');
    expect(form.getByLabelText(tr('organisation:clinics.longitude'))).toHaveValue('13.4');
    expect(bodies).toEqual([]);
  });

  it('sends the coordinates as numbers, and a refused save says so and keeps everything', async () => {
    const bodies = stubClinics(() =>
      json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }, 500),
    );
    const { user, form } = await openNewClinic();
    await user.type(form.getByLabelText('Clinic name'), 'Harbour Clinic');
    await user.type(form.getByLabelText('Latitude'), '52.52');
    await user.type(form.getByLabelText('Longitude'), '13.405');
    await user.click(form.getByRole('button', { name: 'Save clinic' }));

    expect(await screen.findByText('The clinic could not be saved. Please try again.')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Harbour Clinic', latitude: 52.52, longitude: 13.405, address: null }]);
    expect(form.getByLabelText('Clinic name')).toHaveValue('Harbour Clinic');
  });
});
