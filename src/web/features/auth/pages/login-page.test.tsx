import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, defaultQueryFn, resetCsrfToken } from '../../../lib/api-client';
import { i18next, initI18n } from '../../../lib/i18n';
import { SessionController } from '../../../lib/session/session-controller';
import { SessionProvider } from '../../../lib/session/session-provider';
import { sessionUser } from '../../../lib/session/testing';
import { LoginPage } from './login-page';

// The login screen in jsdom: real components, i18n, session provider and router;
// only the network (fetch) is replaced, answering as the server does.

const doctor = sessionUser({
  id: '7d1c8a4e-2b3f-4e5a-9c6d-1e2f3a4b5c6d',
  email: 'doctor@caredeck.demo',
  firstName: 'Michael',
  lastName: 'Chen',
  name: 'Michael Chen',
  role: 'doctor',
});

const SESSION = { expiresAt: '2099-01-01T00:30:00.000Z', absoluteExpiresAt: '2099-01-01T12:00:00.000Z' };

type LoginAnswer = { status: number; body: unknown };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let loginAnswers: LoginAnswer[];
let loginBodies: Record<string, unknown>[];

function stubServer({ demoMode = false } = {}) {
  loginAnswers = [];
  loginBodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/public/config') return json({ organisationName: 'Clinic', supportEmail: 'help@clinic.test', demoMode });
      if (url === '/api/csrf-token') return json({ csrfToken: 'token' });
      if (url === '/api/demo/accounts')
        return json({
          data: [
            {
              role: 'doctor',
              kind: 'doctor',
              name: 'Michael Chen',
              email: 'doctor@caredeck.demo',
              password: 'Quiet-Harbor#2026',
              label: 'Doctor: Dr. Michael Chen, Family Medicine',
              mfa: false,
            },
            {
              role: 'doctor',
              kind: 'first-sign-in-doctor',
              name: 'Lena Fischer',
              email: 'new.doctor@caredeck.demo',
              password: 'First-Shift#2026',
              label: 'Doctor at first sign-in: Dr. Lena Fischer, Pediatrics',
              mfa: false,
            },
            {
              role: 'patient',
              kind: 'mfa-patient',
              name: 'Aisha Haddad',
              email: 'mfa@caredeck.demo',
              password: 'Second-Lock#2026',
              label: 'Patient with two-step sign-in: Aisha Haddad',
              mfa: true,
              mfaCode: '493027',
            },
          ],
        });
      if (url === '/api/auth/login') {
        loginBodies.push(JSON.parse(String(init.body)));
        const next = loginAnswers.shift() ?? { status: 500, body: {} };
        return json(next.body, next.status);
      }
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
}

/** A session controller whose start-up question finds no session on the server. */
function anonymousController() {
  return new SessionController({
    api: {
      fetchSession: async () => {
        throw new ApiError('No server session', 401, 'UNAUTHENTICATED');
      },
      logout: async () => {},
    },
    createChannel: () => undefined,
  });
}

function renderLogin(initial = '/login') {
  const controller = anonymousController();
  const queryClient = new QueryClient({ defaultOptions: { queries: { queryFn: defaultQueryFn, retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/doctor-portal', element: <h1>Doctor portal</h1> },
      { path: '/appointments', element: <h1>Appointments</h1> },
      { path: '/register', element: <h1>Registration</h1> },
    ],
    { initialEntries: [initial] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider controller={controller}>
        <RouterProvider router={router} />
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { router, controller };
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  resetCsrfToken();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function form() {
  return screen.findByTestId('login-form');
}

describe('credentials', () => {
  it('says which fields are required', async () => {
    stubServer();
    renderLogin();
    const user = userEvent.setup();
    await user.click(within(await form()).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(loginBodies).toHaveLength(0);
  });

  it('checks the email format and the password length', async () => {
    stubServer();
    renderLogin();
    const user = userEvent.setup();
    await form();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password', { exact: true }), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
    expect(loginBodies).toHaveLength(0);
  });

  it("says the credentials are wrong, told by the answer's code whatever its wording", async () => {
    stubServer();
    renderLogin();
    loginAnswers.push({ status: 401, body: { error: { code: 'INVALID_CREDENTIALS', message: '(any wording)' } } });
    const user = userEvent.setup();
    await form();
    await user.type(screen.getByLabelText('Email'), 'doctor@caredeck.demo');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid email or password');
  });

  it('fails with "Login failed - no user data returned" when the answer has no user', async () => {
    stubServer();
    renderLogin();
    loginAnswers.push({ status: 200, body: { success: true } });
    const user = userEvent.setup();
    await form();
    await user.type(screen.getByLabelText('Email'), 'doctor@caredeck.demo');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Quiet-Harbor#2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Login failed - no user data returned');
  });

  it('signs in, welcomes the user and opens the role portal', async () => {
    stubServer();
    const { router, controller } = renderLogin();
    loginAnswers.push({ status: 200, body: { success: true, user: doctor, session: SESSION } });
    const user = userEvent.setup();
    await form();
    await user.type(screen.getByLabelText('Email'), 'doctor@caredeck.demo');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Quiet-Harbor#2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Doctor portal' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/doctor-portal');
    expect(await screen.findByText('Welcome back, Michael!')).toBeVisible();
    expect(loginBodies).toEqual([{ email: 'doctor@caredeck.demo', password: 'Quiet-Harbor#2026' }]);
    expect(controller.getSnapshot()).toMatchObject({ status: 'authenticated', user: doctor });
  });

  it('returns to the same-site `next` page it was sent from', async () => {
    stubServer();
    const { router } = renderLogin('/login?next=%2Fappointments');
    loginAnswers.push({ status: 200, body: { success: true, user: doctor, session: SESSION } });
    const user = userEvent.setup();
    await form();
    await user.type(screen.getByLabelText('Email'), 'doctor@caredeck.demo');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Quiet-Harbor#2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Appointments' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/appointments');
  });
});

describe('the MFA step', () => {
  async function reachMfaStep() {
    stubServer();
    renderLogin();
    loginAnswers.push({ status: 200, body: { success: false, mfaRequired: true } });
    const user = userEvent.setup();
    await form();
    await user.type(screen.getByLabelText('Email'), 'mfa@caredeck.demo');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Second-Lock#2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByTestId('mfa-step');
    return user;
  }

  it('keeps Verify disabled until 6 characters are entered', async () => {
    const user = await reachMfaStep();
    const code = screen.getByLabelText('Verification code');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(verify).toBeDisabled();
    await user.type(code, '12345');
    expect(verify).toBeDisabled();
    await user.type(code, '6');
    expect(verify).toBeEnabled();
  });

  it('says "MFA code must be 6 digits" for 6 characters that are not digits, and "MFA code is required" when left empty', async () => {
    const user = await reachMfaStep();
    const code = screen.getByLabelText('Verification code');
    await user.type(code, 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('MFA code must be 6 digits')).toBeVisible();
    expect(loginBodies).toHaveLength(1);

    await user.clear(code);
    await user.tab();
    expect(await screen.findByText('MFA code is required')).toBeVisible();
  });

  it('sends the code with the credentials, and Back to Login returns to them', async () => {
    const user = await reachMfaStep();
    loginAnswers.push({ status: 401, body: { error: { code: 'MFA_INVALID', message: 'Invalid verification code' } } });
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid verification code');
    expect(loginBodies[1]).toEqual({ email: 'mfa@caredeck.demo', password: 'Second-Lock#2026', mfaCode: '123456' });

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByTestId('login-form')).toBeVisible();
  });

  it('accepts a recovery code instead', async () => {
    const user = await reachMfaStep();
    loginAnswers.push({ status: 200, body: { success: true, user: { ...doctor, mfaEnabled: true }, session: SESSION } });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Doctor portal' });
    expect(loginBodies[1]).toEqual({ email: 'mfa@caredeck.demo', password: 'Second-Lock#2026', recoveryCode: 'ABCDE-12345' });
  });
});

describe('demo accounts', () => {
  it('fills the form from the list, and fills the MFA account’s current code on the MFA step', async () => {
    stubServer({ demoMode: true });
    renderLogin();
    const user = userEvent.setup();
    const list = await screen.findByTestId('demo-accounts');
    expect(within(list).getByTestId('demo-mfa-code')).toHaveTextContent('493027');

    await user.click(within(list).getByTestId('demo-account-doctor@caredeck.demo'));
    expect(screen.getByLabelText('Email')).toHaveValue('doctor@caredeck.demo');
    expect(screen.getByLabelText('Password', { exact: true })).toHaveValue('Quiet-Harbor#2026');

    await user.click(within(list).getByTestId('demo-account-mfa@caredeck.demo'));
    expect(screen.getByLabelText('Email')).toHaveValue('mfa@caredeck.demo');
    loginAnswers.push({ status: 200, body: { success: false, mfaRequired: true } });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const code = await screen.findByLabelText('Verification code');
    expect(code).toHaveValue('493027');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
  });

  it('names each account so that two of one role read differently', async () => {
    stubServer({ demoMode: true });
    renderLogin();
    const list = await screen.findByTestId('demo-accounts');
    const names = within(list)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(new Set(names).size).toBe(3);
    expect(within(list).getByTestId('demo-account-doctor@caredeck.demo')).toHaveTextContent(/^Doctor · Michael Chen/);
    expect(within(list).getByTestId('demo-account-new.doctor@caredeck.demo')).toHaveTextContent(/^Doctor · Lena Fischer · first sign-in/);
    expect(within(list).getByTestId('demo-account-mfa@caredeck.demo')).toHaveTextContent(/^Patient · Aisha Haddad · two-step sign-in/);
  });
});

describe('arriving from other pages', () => {
  it('welcomes a newly registered patient by first name', async () => {
    stubServer();
    const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
      initialEntries: [{ pathname: '/login', state: { registeredFirstName: 'Ada' } }],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { queryFn: defaultQueryFn, retry: false } } })}>
        <SessionProvider controller={anonymousController()}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('login-notice')).toHaveTextContent(
      'Thank you, Ada! We have sent a message to your email address. Please check your mail, then sign in here.',
    );
  });
});

describe('in the reader’s language, keeping what was typed', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('says the credentials’ and the code’s rules in German, and a refused sign-in keeps the email', async () => {
    await i18next.changeLanguage('de');
    stubServer();
    renderLogin();
    const user = userEvent.setup();
    await form();
    const email = screen.getByLabelText(i18next.t('auth:login.email'));
    await user.type(email, 'mfa@caredeck');
    await user.click(screen.getByRole('button', { name: i18next.t('auth:login.submit') }));
    expect(await screen.findByTestId('email-error')).toHaveTextContent(i18next.t('validation:email.invalid'));
    expect(screen.getByTestId('password-error')).toHaveTextContent(i18next.t('validation:password.required'));
    expect(screen.getByTestId('email-error')).not.toHaveTextContent('Please enter a valid email address');
    expect(email).toHaveFocus();
    expect(email).toHaveValue('mfa@caredeck');
    expect(loginBodies).toEqual([]);

    loginAnswers.push({ status: 401, body: { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } } });
    await user.type(email, '.demo');
    await user.type(screen.getByLabelText(i18next.t('auth:login.password'), { exact: true }), 'Second-Lock#2026');
    await user.click(screen.getByRole('button', { name: i18next.t('auth:login.submit') }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent(i18next.t('auth:server.invalidCredentials'));
    expect(email).toHaveValue('mfa@caredeck.demo');

    loginAnswers.push({ status: 200, body: { success: false, mfaRequired: true } });
    await user.click(screen.getByRole('button', { name: i18next.t('auth:login.submit') }));
    const code = await screen.findByLabelText(i18next.t('auth:mfa.code'));
    await user.type(code, '12345x');
    await user.click(screen.getByRole('button', { name: i18next.t('auth:mfa.verify') }));
    expect(await screen.findByTestId('mfaCode-error')).toHaveTextContent(i18next.t('validation:mfa.invalidFormat'));
    expect(code).toHaveValue('12345x');
    expect(loginBodies).toHaveLength(2);
  });
});
