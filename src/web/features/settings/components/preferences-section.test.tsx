import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../../lib/api-client';
import { i18next, initI18n } from '../../../lib/i18n';
import { json, renderWithSession, stubServer } from '../testing/render-with-session';
import { PreferencesSection } from './preferences-section';

const SETTINGS = { data: { theme: null, language: null, security: { biometricEnabled: false, mfaEnabled: false } } };

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  toast.dismiss();
  vi.unstubAllGlobals();
  resetCsrfToken();
  await i18next.changeLanguage('en');
  document.documentElement.classList.remove('dark');
});

describe('preferences', () => {
  it('applies the dark theme at once and saves it to the account', async () => {
    const calls = stubServer(({ method, body }) => json(method === 'PUT' ? { data: { ...SETTINGS.data, ...(body as object) } } : SETTINGS));
    const user = userEvent.setup();
    renderWithSession(<PreferencesSection />);

    await user.click(screen.getByRole('radio', { name: 'Dark' }));

    expect(document.documentElement).toHaveClass('dark');
    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([{ url: '/api/user/settings', method: 'PUT', body: { theme: 'dark' } }]);
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  it('switches the language at once, saves it, and confirms in the new language', async () => {
    const calls = stubServer(({ method, body }) => json(method === 'PUT' ? { data: { ...SETTINGS.data, ...(body as object) } } : SETTINGS));
    const user = userEvent.setup();
    renderWithSession(<PreferencesSection />);

    await user.selectOptions(screen.getByLabelText('Language'), 'es');

    expect(await screen.findByText('Idioma cambiado')).toBeInTheDocument();
    expect(i18next.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ language: 'es' }]);
    expect(screen.getByLabelText('Idioma')).toHaveValue('es');
  });

  it('marks the new language as the saved one in the cache before the save answers, so nothing re-applies the old one', async () => {
    const saved = { data: { ...SETTINGS.data, language: 'es' } };
    let answerPut: (response: Response) => void = () => {};
    stubServer(({ method }) => (method === 'PUT' ? new Promise<Response>((resolve) => (answerPut = resolve)) : json(saved)));
    const user = userEvent.setup();
    const { queryClient } = renderWithSession(<PreferencesSection />);
    await screen.findByRole('option', { name: 'العربية' });
    await vi.waitFor(() => expect(queryClient.getQueryData<typeof saved>(['/api/user/settings'])?.data.language).toBe('es'));

    await user.selectOptions(screen.getByLabelText('Language'), 'ar');
    await vi.waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(queryClient.getQueryData<typeof saved>(['/api/user/settings'])?.data.language).toBe('ar');
    answerPut(json({ data: { ...SETTINGS.data, language: 'ar' } }));
  });

  it('says "Failed to fetch settings" when the settings cannot be read, and still lets the user choose', async () => {
    stubServer(({ method }) =>
      method === 'GET'
        ? json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }, 500)
        : json(SETTINGS),
    );
    const user = userEvent.setup();
    renderWithSession(<PreferencesSection />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch settings');
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
  });
});
