import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH } from '../../../../contracts/constants';
import { PASSKEY_BROWSER_FLAG_KEY } from '../../../../contracts/passkeys';
import { defaultQueryFn, resetCsrfToken } from '../../../lib/api-client';
import { initI18n } from '../../../lib/i18n';
import { BiometricButton } from './biometric-button';

// The login screen's biometric button: its states, its calls, its texts and the 1 s wait before moving on. The
// device (@simplewebauthn/browser, i.e. navigator.credentials) and the network (fetch) are the only
// things replaced: both are outside the app.

const device = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  platformAuthenticatorIsAvailable: vi.fn(async () => true),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => device);

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const SARAH = {
  id: '6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f',
  email: 'patient@caredeck.demo',
  firstName: 'Sarah',
  lastName: 'Johnson',
  name: 'Sarah Johnson',
  role: 'patient',
};
const SESSION = { expiresAt: '2030-01-01T00:30:00.000Z', absoluteExpiresAt: '2030-01-01T12:00:00.000Z' };
const ASSERTION = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { authenticatorData: 'YXV0aA', signature: 'c2ln', clientDataJSON: 'Y2xpZW50', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

let calls: Call[];
let demoMode: boolean;
let verifyAnswer: { status: number; body: unknown };
let challengeStatus: number;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = String(input);
  const method = init?.method ?? 'GET';
  calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  if (path === '/api/public/config') return Promise.resolve(json(200, { organisationName: 'Caredeck', supportEmail: 's@x', demoMode }));
  if (path === '/api/csrf-token') return Promise.resolve(json(200, { csrfToken: 'token' }));
  if (path === '/api/biometric/auth/challenge') {
    if (challengeStatus !== 200)
      return Promise.resolve(json(challengeStatus, { error: { code: 'INTERNAL', message: 'Something went wrong' } }));
    return Promise.resolve(
      json(200, { challenge: 'Y2hhbGxlbmdl', options: { challenge: 'Y2hhbGxlbmdl', timeout: 60000, userVerification: 'required' } }),
    );
  }
  if (path === '/api/biometric/verify') return Promise.resolve(json(verifyAnswer.status, verifyAnswer.body));
  if (path === '/api/biometric/update-usage') return Promise.resolve(json(200, { success: true }));
  return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
}

function renderButton(onSignedIn = vi.fn()) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { queryFn: defaultQueryFn, retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <BiometricButton onSignedIn={onSignedIn} />
    </QueryClientProvider>,
  );
  return onSignedIn;
}

const refusal = (message: string, code = 'INVALID_CREDENTIALS') => ({ status: 401, body: { error: { code, message } } });

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  calls = [];
  demoMode = false;
  challengeStatus = 200;
  verifyAnswer = { status: 200, body: { success: true, user: SARAH, session: SESSION, message: 'Welcome back, Sarah!' } };
  resetCsrfToken();
  device.browserSupportsWebAuthn.mockReset().mockReturnValue(true);
  device.platformAuthenticatorIsAvailable.mockReset().mockResolvedValue(true);
  device.startAuthentication.mockReset().mockResolvedValue(ASSERTION);
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BiometricButton states', () => {
  it('shows a busy, disabled button while it checks the device, then the ready button', async () => {
    let answer: (value: boolean) => void = () => {};
    device.platformAuthenticatorIsAvailable.mockReturnValue(new Promise<boolean>((resolve) => (answer = resolve)));
    renderButton();
    const checking = await screen.findByRole('button', { name: 'Checking biometric sign-in…' });
    expect(checking).toBeDisabled();
    expect(checking).toHaveAttribute('aria-busy', 'true');

    answer(true);
    expect(await screen.findByRole('button', { name: 'Biometric sign-in' })).toBeEnabled();
  });

  it('is hidden when the device cannot sign in with biometrics', async () => {
    device.platformAuthenticatorIsAvailable.mockResolvedValue(false);
    renderButton();
    await waitFor(() => expect(device.platformAuthenticatorIsAvailable).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('biometric-sign-in')).not.toBeInTheDocument());
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('is hidden without WebAuthn at all, without asking for a platform authenticator', async () => {
    device.browserSupportsWebAuthn.mockReturnValue(false);
    renderButton();
    await waitFor(() => expect(device.browserSupportsWebAuthn).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('biometric-sign-in')).not.toBeInTheDocument());
    expect(device.platformAuthenticatorIsAvailable).not.toHaveBeenCalled();
  });

  it('is disabled with a message when biometric sign-in was turned off for this browser', async () => {
    localStorage.setItem(PASSKEY_BROWSER_FLAG_KEY, 'off');
    renderButton();
    const button = await screen.findByRole('button', { name: 'Biometric sign-in' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Biometric sign-in is turned off for this browser. You can turn it on in your security settings.',
    );
  });

  it('is ready when the flag says on', async () => {
    localStorage.setItem(PASSKEY_BROWSER_FLAG_KEY, 'on');
    renderButton();
    expect(await screen.findByRole('button', { name: 'Biometric sign-in' })).toBeEnabled();
  });
});

describe('signing in with a passkey', () => {
  it('asks for a challenge, prompts the device, verifies the flattened assertion, records usage, then hands over after 1 s', async () => {
    const onSignedIn = renderButton();
    const timers = vi.spyOn(window, 'setTimeout');
    await userEvent.click(await screen.findByRole('button', { name: 'Biometric sign-in' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Welcome back, Sarah!');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByTestId('biometric-button')).toBeDisabled();

    expect(device.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'Y2hhbGxlbmdl', timeout: 60000, userVerification: 'required' },
    });
    const unsafe = calls.filter((c) => c.method === 'POST');
    expect(unsafe.map((c) => c.path)).toEqual(['/api/biometric/auth/challenge', '/api/biometric/verify', '/api/biometric/update-usage']);
    expect(unsafe[1]?.body).toEqual({
      credentialId: ASSERTION.id,
      authenticatorData: 'YXV0aA',
      signature: 'c2ln',
      clientDataJSON: 'Y2xpZW50',
      userHandle: 'dXNlcg',
    });
    expect(unsafe[2]?.body).toEqual({ credentialId: ASSERTION.id });
    // Every unsafe call carried the CSRF token.
    const fetchMock = vi.mocked(fetch);
    for (const [input, init] of fetchMock.mock.calls) {
      if (init?.method === 'POST') expect((init.headers as Record<string, string>)['x-csrf-token'], String(input)).toBe('token');
    }

    // The hand-over waits one second after the welcome: a timer of that length calls it. (Reading
    // the wall clock here would measure how late the test noticed the welcome on a busy machine.)
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1), { timeout: 2500 });
    const handOver = timers.mock.calls.find(([, ms]) => ms === AUTH.biometricRedirectDelayMs);
    expect(handOver, 'a one-second hand-over timer').toBeDefined();
    expect(AUTH.biometricRedirectDelayMs).toBe(1000);
    expect(onSignedIn).toHaveBeenCalledWith({ user: SARAH, session: SESSION });
  });

  it.each([
    ['NotAllowedError', 'Authentication cancelled'],
    ['AbortError', 'Authentication cancelled'],
    ['InvalidStateError', 'Invalid biometric state'],
    ['NotSupportedError', 'Not supported'],
    ['SecurityError', 'Security error'],
    ['UnknownError', 'Authentication error'],
  ])('shows its own text when the device answers %s, and stays usable', async (name, text) => {
    device.startAuthentication.mockRejectedValue(Object.assign(new Error('device said no'), { name }));
    const onSignedIn = renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Biometric sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Biometric sign-in' })).toBeEnabled();
    expect(calls.some((c) => c.path === '/api/biometric/verify')).toBe(false);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('explains a passkey the server does not know, with the hint to set one up in the settings', async () => {
    // Told by its code: the server's own wording plays no part.
    verifyAnswer = refusal('(any wording)', 'PASSKEY_UNKNOWN');
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Biometric sign-in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No biometric credentials found');
    expect(alert).toHaveTextContent('Set up biometric sign-in in your profile settings first.');
    expect(calls.some((c) => c.path === '/api/biometric/update-usage')).toBe(false);
  });

  it('says so when the passkey or biometric sign-in is turned off on the account', async () => {
    verifyAnswer = refusal('(any wording)', 'PASSKEY_DISABLED');
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Biometric sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No enabled biometric credentials');
  });

  it('shows "Authentication error" for any other refusal of the assertion', async () => {
    verifyAnswer = refusal('Biometric authentication failed');
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Biometric sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication error');
  });

  it('says biometric authentication is not available when no challenge can be had', async () => {
    challengeStatus = 500;
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Biometric sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Biometric authentication not available');
    expect(device.startAuthentication).not.toHaveBeenCalled();
  });
});

describe('in demo mode', () => {
  it('is hidden on a device without biometrics, like anywhere else: there is no demo credential', async () => {
    demoMode = true;
    device.platformAuthenticatorIsAvailable.mockResolvedValue(false);
    renderButton();
    await waitFor(() => expect(device.platformAuthenticatorIsAvailable).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /Biometric sign-in/ })).toBeNull();
    expect(calls.some((c) => c.path === '/api/biometric/verify')).toBe(false);
  });

  it('signs in with the real passkey when the device has one', async () => {
    demoMode = true;
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Biometric sign-in' }));
    await screen.findByRole('status');
    expect(device.startAuthentication).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.path === '/api/biometric/verify')?.body).toMatchObject({ credentialId: ASSERTION.id });
  });
});
