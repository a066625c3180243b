import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_BROWSER_FLAG_KEY, type BiometricCredential } from '../../../../contracts/passkeys';
import { resetCsrfToken } from '../../../lib/api-client';
import { i18next, initI18n } from '../../../lib/i18n';
import { PasskeysSection } from './passkeys-section';

// The passkeys part of the security settings: list, add through the device's prompt, turn on/off,
// remove after confirming, and the account-wide switch that also sets this browser's flag. The
// device (@simplewebauthn/browser) and the network (fetch) are the only things replaced.

const device = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => device);

const USER_ID = '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f';
const REGISTRATION = { id: 'bmV3', rawId: 'bmV3', type: 'public-key', response: { clientDataJSON: 'Yw', attestationObject: 'YQ' } };

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let calls: Call[];
let credentials: BiometricCredential[];
let biometricEnabled: boolean;
let listStatus: number;

function credential(overrides: Partial<BiometricCredential> = {}): BiometricCredential {
  return {
    id: '0b5d3c1e-8d6a-4c8e-9f0a-1b2c3d4e5f60',
    credentialId: 'Y3JlZA',
    userId: USER_ID,
    enabled: true,
    deviceName: 'Work laptop',
    createdAt: '2026-03-01T10:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = String(input);
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ method, path, body });
  const settings = () => json(200, { data: { theme: null, language: null, security: { biometricEnabled, mfaEnabled: false } } });
  if (path === '/api/csrf-token') return json(200, { csrfToken: 'token' });
  if (path === '/api/user/settings' && method === 'GET') return settings();
  if (path === '/api/user/settings' && method === 'PUT') {
    biometricEnabled = body.security.biometricEnabled;
    return settings();
  }
  if (path === '/api/biometric/credentials') {
    return listStatus === 200 ? json(200, { success: true, credentials }) : json(listStatus, { error: { code: 'INTERNAL', message: 'x' } });
  }
  if (path === '/api/biometric/register/options') return json(200, { options: { challenge: 'Y2g', rp: { id: 'localhost' } } });
  if (path === '/api/biometric/register/verify') {
    if (body.deviceName === 'refused') {
      return json(400, {
        error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid.', fields: { deviceName: 'This text is too long' } },
      });
    }
    const created = credential({ id: '1c6e4d2f-9e7b-4d9f-8a1b-2c3d4e5f6a70', credentialId: 'bmV3', deviceName: body.deviceName ?? null });
    credentials = [...credentials, created];
    biometricEnabled = true;
    return json(201, { success: true, credential: created });
  }
  const match = /^\/api\/biometric\/credentials\/([^/]+)$/.exec(path);
  if (match && method === 'PUT') {
    credentials = credentials.map((c) => (c.id === match[1] ? { ...c, enabled: body.enabled } : c));
    return json(200, { success: true, credential: credentials.find((c) => c.id === match[1]) });
  }
  if (match && method === 'DELETE') {
    credentials = credentials.filter((c) => c.id !== match[1]);
    return json(200, { success: true });
  }
  return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PasskeysSection />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  calls = [];
  credentials = [];
  biometricEnabled = false;
  listStatus = 200;
  resetCsrfToken();
  device.browserSupportsWebAuthn.mockReset().mockReturnValue(true);
  device.startRegistration.mockReset().mockResolvedValue(REGISTRATION);
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PasskeysSection', () => {
  it('says there are no passkeys yet, then adds one through the device prompt with its name', async () => {
    renderSection();
    expect(await screen.findByText('You have not added a passkey yet.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Device name (optional)'), 'Kitchen tablet');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));

    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Kitchen tablet')).toBeInTheDocument();
    expect(device.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'Y2g', rp: { id: 'localhost' } } });
    expect(calls.find((c) => c.path === '/api/biometric/register/verify')?.body).toEqual({
      response: REGISTRATION,
      deviceName: 'Kitchen tablet',
    });
    // This browser's login screen now offers biometric sign-in.
    expect(localStorage.getItem(PASSKEY_BROWSER_FLAG_KEY)).toBe('on');
    expect(screen.getByLabelText('Device name (optional)')).toHaveValue('');
  });

  it('shows its own text when the person cancels the device prompt, and stores nothing', async () => {
    device.startRegistration.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    renderSection();
    await screen.findByText('You have not added a passkey yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication cancelled');
    expect(calls.some((c) => c.path === '/api/biometric/register/verify')).toBe(false);
    expect(localStorage.getItem(PASSKEY_BROWSER_FLAG_KEY)).toBeNull();
  });

  it('lists passkeys with when they were added and used', async () => {
    credentials = [
      credential(),
      credential({ id: '2d7f5e3a-0f8c-4e0a-9b2c-3d4e5f6a7b80', deviceName: null, lastUsedAt: '2026-03-05T08:00:00.000Z' }),
    ];
    renderSection();
    const items = await screen.findAllByTestId('passkey-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Work laptop');
    expect(items[0]).toHaveTextContent('never used');
    expect(items[1]).toHaveTextContent('Passkey');
    expect(items[1]).toHaveTextContent(/last used/);
  });

  it('turns biometric sign-in off for the account and for this browser', async () => {
    biometricEnabled = true;
    renderSection();
    const toggle = await screen.findByRole('switch', { name: 'Allow biometric sign-in' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/user/settings')?.body).toEqual({
      security: { biometricEnabled: false },
    });
    expect(localStorage.getItem(PASSKEY_BROWSER_FLAG_KEY)).toBe('off');
  });

  it('turns one passkey off', async () => {
    credentials = [credential()];
    renderSection();
    const toggle = await screen.findByRole('switch', { name: 'Use for sign-in: Work laptop' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(calls.find((c) => c.method === 'PUT' && c.path.startsWith('/api/biometric/credentials/'))).toMatchObject({
      path: `/api/biometric/credentials/${credential().id}`,
      body: { enabled: false },
    });
  });

  it('removes a passkey only after confirmation', async () => {
    credentials = [credential()];
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('You have not added a passkey yet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/biometric/credentials/${credential().id}`]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a passkey' })).toHaveFocus());
  });

  it('offers a retry when the passkeys cannot be loaded', async () => {
    listStatus = 500;
    renderSection();
    expect(await screen.findByText('Your passkeys could not be loaded.')).toBeInTheDocument();
    listStatus = 200;
    credentials = [credential()];
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
  });

  it('says when this browser cannot create passkeys', async () => {
    device.browserSupportsWebAuthn.mockReturnValue(false);
    renderSection();
    expect(await screen.findByText('This browser cannot create passkeys.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
  });

  it('says the server’s word on the name beside it in the reader’s language, and a cancelled prompt keeps the name', async () => {
    await i18next.changeLanguage('ar');
    try {
      renderSection();
      await screen.findByText(i18next.t('biometric:settings.empty'));
      const name = screen.getByLabelText(i18next.t('biometric:settings.deviceName'));
      await userEvent.type(name, 'refused');
      await userEvent.click(screen.getByRole('button', { name: i18next.t('biometric:settings.add') }));
      expect(await screen.findByTestId('deviceName-error')).toHaveTextContent(i18next.t('validation:text.tooLong'));
      expect(screen.getByTestId('deviceName-error')).not.toHaveTextContent('This text is too long');
      expect(name).toHaveValue('refused');

      device.startRegistration.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
      await userEvent.clear(name);
      await userEvent.type(name, 'Kitchen tablet');
      await userEvent.click(screen.getByRole('button', { name: i18next.t('biometric:settings.add') }));
      expect(await screen.findByTestId('add-passkey-error')).toHaveTextContent(i18next.t('biometric:errors.cancelled'));
      expect(name).toHaveValue('Kitchen tablet');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
