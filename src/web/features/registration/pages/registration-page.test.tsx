import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { typeDate } from '../../../test/date-field';
import { RegistrationPage } from './registration-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
// Each journey fills up to three steps in jsdom: slow on a busy machine, though nothing waits on a timer.
vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await initI18n('en');
});

/** Stands in for the login page: shows the router state the wizard handed over. */
function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login-state">{JSON.stringify(location.state)}</p>;
}

function renderWizard() {
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegistrationPage /> },
      { path: '/login', element: <LoginProbe /> },
    ],
    { initialEntries: ['/register'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), router };
}

/** An input by its label. */
const input = (label: string) => screen.getByLabelText(label);
/** Types a value in one go (a paste), as fast as jsdom allows; it is still a real input event. */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(input(label));
  await user.paste(text);
}
/** Lets the asynchronous step validation (zod through the resolver) finish and React render its result. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
/** Clicks, then waits for whatever the click set off in the form. */
async function press(user: ReturnType<typeof userEvent.setup>, target: HTMLElement) {
  await user.click(target);
  await settle();
}
const stepHeading = () => screen.getByRole('heading', { level: 2 });
const button = (name: string) => screen.getByRole('button', { name });

async function fillStep1(user: ReturnType<typeof userEvent.setup>, email = 'amara@example.org') {
  await fill(user, 'First Name', 'Amara');
  await fill(user, 'Last Name', 'Okafor');
  await fill(user, 'Email', email);
  await fill(user, 'Phone Number', '+1 555 010 2233');
  await fill(user, 'Password', 'Harbour-Lights#42');
  await fill(user, 'Confirm Password', 'Harbour-Lights#42');
  await typeDate(user, screen.getByRole('group', { name: 'Date of Birth' }), '1988-04-17');
  await user.selectOptions(input('Gender'), 'female');
}

async function fillStep2(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, 'Street Address', '12 Elm Street');
  await fill(user, 'City', 'Springfield');
  await fill(user, 'State', 'IL');
  await fill(user, 'ZIP Code', '62701');
}

function errorOf(label: string): string | null {
  const field = input(label);
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

describe('registration wizard: step validation', () => {
  it('shows every step-1 message on Next, marks the fields invalid, and focuses the first one', async () => {
    const { user } = renderWizard();
    expect(stepHeading()).toHaveTextContent('Personal Information');
    await press(user, button('Next'));

    expect(errorOf('First Name')).toBe('First name is required');
    expect(errorOf('Last Name')).toBe('Last name is required');
    expect(errorOf('Email')).toBe('Email is required');
    expect(errorOf('Password')).toBe('Password is required');
    expect(errorOf('Phone Number')).toBe('Phone number is required');
    expect(errorOf('Date of Birth')).toBe('Date of birth is required');
    expect(errorOf('Gender')).toBe('Gender is required');
    expect(input('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(input('First Name').className).toContain('border-red-600');
    expect(input('First Name')).toHaveFocus();
    // Still on step 1.
    expect(stepHeading()).toHaveTextContent('Personal Information');
    expect(screen.getByRole('status')).toHaveTextContent('Some fields need your attention');
  });

  it('wants a valid email, 6+ characters and a matching confirmation', async () => {
    const { user } = renderWizard();
    await fill(user, 'Email', 'amara@');
    await fill(user, 'Password', 'abc12');
    await fill(user, 'Confirm Password', 'abc123');
    await press(user, button('Next'));
    expect(errorOf('Email')).toBe('Valid email is required');
    expect(errorOf('Password')).toBe('Password must be at least 6 characters');
    expect(errorOf('Confirm Password')).toBe('Passwords do not match');
  });

  it('clears a field’s error as soon as that field is edited, and only that one', async () => {
    const { user } = renderWizard();
    await press(user, button('Next'));
    expect(errorOf('First Name')).toBe('First name is required');
    await fill(user, 'First Name', 'A');
    expect(errorOf('First Name')).toBeNull();
    expect(input('First Name')).not.toHaveAttribute('aria-invalid');
    expect(errorOf('Last Name')).toBe('Last name is required');
    // Typing an email that is not complete yet does not bring a new error while typing.
    await fill(user, 'Email', 'ama');
    expect(errorOf('Email')).toBeNull();
  });

  it('requires the address fields on step 2 and nothing on step 3', async () => {
    const { user } = renderWizard();
    await fillStep1(user);
    await press(user, button('Next'));
    expect(stepHeading()).toHaveTextContent('Address & Details');
    await press(user, button('Next'));
    expect(errorOf('Street Address')).toBe('Address is required');
    expect(errorOf('City')).toBe('City is required');
    expect(errorOf('State')).toBe('State is required');
    expect(errorOf('ZIP Code')).toBe('ZIP code is required');
    expect(errorOf('Marital Status')).toBeNull();
    expect(input('Street Address')).toHaveFocus();
  });
});

describe('registration wizard: moving between steps', () => {
  it('goes back any number of steps, forward only one, and only when the current step is valid; values are kept', async () => {
    const { user } = renderWizard();
    const steps = within(screen.getByRole('navigation', { name: 'Registration steps' }));
    const stepButton = (name: RegExp) => steps.getByRole('button', { name });

    // Step 3 cannot be reached from step 1; step 2 only once step 1 is valid.
    expect(stepButton(/Medical/)).toBeDisabled();
    await press(user, stepButton(/Address/));
    expect(stepHeading()).toHaveTextContent('Personal Information');
    expect(errorOf('First Name')).toBe('First name is required');

    await fillStep1(user);
    await press(user, stepButton(/Address/));
    expect(stepHeading()).toHaveTextContent('Address & Details');
    // The new step's heading takes focus, so the move is announced.
    expect(stepHeading()).toHaveFocus();
    expect(stepButton(/Medical/)).toBeEnabled();
    expect(stepButton(/Address/)).toHaveAttribute('aria-current', 'step');

    // Forward to step 3 is refused while step 2 is invalid.
    await press(user, stepButton(/Medical/));
    expect(stepHeading()).toHaveTextContent('Address & Details');

    await fillStep2(user);
    await press(user, stepButton(/Medical/));
    expect(stepHeading()).toHaveTextContent('Medical Information & Insurance');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(button('Create Account')).toBeInTheDocument();

    // Straight back to step 1: everything typed is still there.
    await press(user, stepButton(/Personal/));
    expect(stepHeading()).toHaveTextContent('Personal Information');
    expect(input('First Name')).toHaveValue('Amara');
    expect(input('Gender')).toHaveValue('female');
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();

    await press(user, button('Next'));
    await press(user, button('Next'));
    expect(stepHeading()).toHaveTextContent('Medical Information & Insurance');
    await press(user, button('Previous'));
    expect(stepHeading()).toHaveTextContent('Address & Details');
    expect(input('City')).toHaveValue('Springfield');
  });

  it('offers Back to Login on every step', async () => {
    const { user } = renderWizard();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(await screen.findByTestId('login-state')).toHaveTextContent('null');
  });

  it('preselects English as the preferred language and offers a blood type of "unknown"', async () => {
    const { user } = renderWizard();
    await fillStep1(user);
    await press(user, button('Next'));
    await fillStep2(user);
    await press(user, button('Next'));
    expect(input('Preferred Language')).toHaveValue('English');
    expect(input('Blood Type')).toHaveValue('');
    expect(screen.getAllByText('Separate several entries with commas.')).toHaveLength(3);
  });
});

describe('registration wizard: submitting', () => {
  const fetchMock = vi.fn<typeof fetch>();

  function json(status: number, body: unknown): Response {
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }

  function answerRegistrationWith(response: () => Response) {
    fetchMock.mockImplementation(async (url) => {
      if (String(url) === '/api/csrf-token') return json(200, { csrfToken: 'test-token' });
      if (String(url) === '/api/patients/register') return response();
      throw new Error(`unexpected request ${String(url)}`);
    });
  }

  const registrationCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/patients/register');

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(toast.error).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  async function fillAllAndSubmit(user: ReturnType<typeof userEvent.setup>) {
    await fillStep1(user);
    await press(user, button('Next'));
    await fillStep2(user);
    await user.selectOptions(input('Marital Status'), 'married');
    await press(user, button('Next'));
    await user.selectOptions(input('Blood Type'), 'O+');
    await fill(user, 'Allergies', 'Penicillin, Peanuts');
    await fill(user, 'Medical History', 'Asthma');
    await press(user, button('Create Account'));
  }

  it('sends the registration payload and goes to the login page with the first name typed', async () => {
    answerRegistrationWith(() =>
      json(202, { success: true, message: 'Thank you. We have sent a message to your email address: please check your mail.' }),
    );
    const { user, router } = renderWizard();
    await fillAllAndSubmit(user);

    expect(await screen.findByTestId('login-state')).toHaveTextContent(JSON.stringify({ registeredFirstName: 'Amara' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(toast.error).not.toHaveBeenCalled();

    const [[, init]] = registrationCalls() as [[string, RequestInit]];
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('x-csrf-token')).toBe('test-token');
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({
      firstName: 'Amara',
      lastName: 'Okafor',
      email: 'amara@example.org',
      password: 'Harbour-Lights#42',
      phone: '+1 555 010 2233',
      dateOfBirth: '1988-04-17',
      gender: 'female',
      address: '12 Elm Street, Springfield, IL 62701',
      role: 'patient',
      bloodType: 'O+',
      age: new Date().getFullYear() - 1988,
      preferredLanguage: 'English',
      maritalStatus: 'married',
      allergies: ['Penicillin', 'Peanuts'],
      medications: [],
      medicalHistory: ['Asthma'],
    });
    expect(body.medicalRecordNumber).toMatch(/^MRN\d{6}$/);
    expect(body).not.toHaveProperty('confirmPassword');
  });

  it('on a taken email, shows the long taken-email text for 7 seconds, returns to the email field and keeps everything typed', async () => {
    answerRegistrationWith(() =>
      json(409, {
        error: {
          code: 'EMAIL_TAKEN',
          message: 'An account with this email already exists',
          fields: { email: 'An account with this email already exists' },
        },
      }),
    );
    const { user } = renderWizard();
    await fillAllAndSubmit(user);

    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith('Registration Failed', {
      description: 'An account with this email already exists. Please try logging in instead or use a different email address.',
      duration: 7000,
    });
    await waitFor(() => expect(stepHeading()).toHaveTextContent('Personal Information'));
    expect(input('Email')).toHaveValue('amara@example.org');
    expect(input('Email')).toHaveFocus();
    expect(errorOf('Email')).toBe(
      'An account with this email already exists. Please try logging in instead or use a different email address.',
    );
    expect(input('First Name')).toHaveValue('Amara');
    await press(user, button('Next'));
    expect(input('City')).toHaveValue('Springfield');
  });

  it('words a refusal by its code, never with the server’s message, and keeps the wizard where it is', async () => {
    answerRegistrationWith(() => json(429, { error: { code: 'RATE_LIMITED', message: 'Server English that must never be shown' } }));
    const { user } = renderWizard();
    await fillAllAndSubmit(user);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Registration Failed', {
        description: 'Too many registration attempts. Please wait a few minutes and try again.',
        duration: 7000,
      }),
    );
    expect(stepHeading()).toHaveTextContent('Medical Information & Insurance');
    expect(input('Allergies')).toHaveValue('Penicillin, Peanuts');

    answerRegistrationWith(() => json(500, { error: { code: 'INTERNAL', message: '' } }));
    await press(user, button('Create Account'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith('Registration Failed', {
        description: 'Something went wrong on our side. Please try again.',
        duration: 7000,
      }),
    );

    answerRegistrationWith(() => json(500, { error: { code: 'SOMETHING_NEW', message: 'Server English that must never be shown' } }));
    await press(user, button('Create Account'));
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith('Registration Failed', {
        description: 'Failed to create account. Please try again.',
        duration: 7000,
      }),
    );
  });

  it('says in French that the password is too common, beside the password and in the notification', async () => {
    await i18next.changeLanguage('fr');
    answerRegistrationWith(() =>
      json(400, {
        error: {
          code: 'PASSWORD_TOO_COMMON',
          message: 'This password is too common.',
          fields: { password: 'This password is too common. Please choose another one.' },
        },
      }),
    );
    try {
      const { user } = renderWizard();
      const fr = (key: string) => i18next.t(key);
      const fillIn = async (key: string, text: string) => {
        await user.click(screen.getByLabelText(fr(`registration:fields.${key}`)));
        await user.paste(text);
      };
      await fillIn('firstName', 'Amara');
      await fillIn('lastName', 'Okafor');
      await fillIn('email', 'amara@example.org');
      await fillIn('phone', '+1 555 010 2233');
      await fillIn('password', 'lk9slwGh3x');
      await fillIn('confirmPassword', 'lk9slwGh3x');
      await typeDate(user, screen.getByRole('group', { name: fr('registration:fields.dateOfBirth') }), '1988-04-17');
      await user.selectOptions(screen.getByLabelText(fr('registration:fields.gender')), 'female');
      await press(user, button(fr('registration:actions.next')));
      await fillIn('address', '12 Elm Street');
      await fillIn('city', 'Springfield');
      await fillIn('state', 'IL');
      await fillIn('zipCode', '62701');
      await press(user, button(fr('registration:actions.next')));
      await press(user, button(fr('registration:actions.createAccount')));

      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith(fr('registration:failure.title'), {
          description: fr('registration:failure.passwordTooCommon'),
          duration: 7000,
        }),
      );
      expect(fr('registration:failure.passwordTooCommon')).toContain('mot de passe');
      await waitFor(() => expect(stepHeading()).toHaveTextContent(fr('registration:steps.personal.title')));
      expect(errorOf(fr('registration:fields.password'))).toBe(fr('validation:password.common'));
      expect(errorOf(fr('registration:fields.password'))).not.toContain('too common');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('asks for the address lines of the chosen country and sends them with the joined line', async () => {
    answerRegistrationWith(() => json(202, { success: true, message: 'Thank you.' }));
    const { user } = renderWizard();
    await fillStep1(user);
    await press(user, button('Next'));
    expect(input('Country or Region')).toHaveValue('US');
    await user.selectOptions(input('Country or Region'), 'DE');
    // Germany has no state line, and calls its code a postal code.
    expect(screen.queryByLabelText('State')).toBeNull();
    expect(screen.queryByLabelText('ZIP Code')).toBeNull();
    await fill(user, 'Street Address', 'Hauptstraße 5');
    await fill(user, 'City', 'Berlin');
    await fill(user, 'Postal Code', '1011');
    await press(user, button('Next'));
    expect(errorOf('Postal Code')).toBe('Please enter a valid postal code for this country');
    expect(input('Postal Code')).toHaveFocus();
    expect(input('City')).toHaveValue('Berlin');
    await fill(user, 'Postal Code', '5');
    await press(user, button('Next'));
    // The app's six languages, each named in itself.
    expect(Array.from((input('Preferred Language') as HTMLSelectElement).options, (option) => option.text)).toEqual([
      'English',
      'Español',
      'Français',
      'Deutsch',
      '中文',
      'العربية',
      'Other',
    ]);
    await user.selectOptions(input('Preferred Language'), 'العربية');
    await press(user, button('Create Account'));

    await screen.findByTestId('login-state');
    const [[, init]] = registrationCalls() as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({
      address: 'Hauptstraße 5, Berlin, 10115, DE',
      addressParts: { country: 'DE', street: 'Hauptstraße 5', city: 'Berlin', zipCode: '10115' },
      preferredLanguage: 'Arabic',
    });
  });

  it('puts the server’s refusal of an address part beside its field, translated', async () => {
    await i18next.changeLanguage('de');
    answerRegistrationWith(() =>
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          fields: { 'addressParts.zipCode': 'Please enter a valid ZIP code' },
        },
      }),
    );
    try {
      const { user } = renderWizard();
      const de = (key: string) => i18next.t(key);
      await user.click(screen.getByLabelText(de('registration:fields.firstName')));
      await user.paste('Amara');
      await user.click(screen.getByLabelText(de('registration:fields.lastName')));
      await user.paste('Okafor');
      await user.click(screen.getByLabelText(de('registration:fields.email')));
      await user.paste('amara@example.org');
      await user.click(screen.getByLabelText(de('registration:fields.phone')));
      await user.paste('+1 555 010 2233');
      await user.click(screen.getByLabelText(de('registration:fields.password')));
      await user.paste('Harbour-Lights#42');
      await user.click(screen.getByLabelText(de('registration:fields.confirmPassword')));
      await user.paste('Harbour-Lights#42');
      await typeDate(user, screen.getByRole('group', { name: de('registration:fields.dateOfBirth') }), '1988-04-17');
      await user.selectOptions(screen.getByLabelText(de('registration:fields.gender')), 'female');
      await press(user, button(de('registration:actions.next')));
      await user.click(screen.getByLabelText(de('registration:fields.address')));
      await user.paste('12 Elm Street');
      await user.click(screen.getByLabelText(de('registration:fields.city')));
      await user.paste('Springfield');
      await user.click(screen.getByLabelText(de('registration:fields.state')));
      await user.paste('IL');
      await user.click(screen.getByLabelText(de('registration:fields.zipCode')));
      await user.paste('62701');
      await press(user, button(de('registration:actions.next')));
      await press(user, button(de('registration:actions.createAccount')));

      await waitFor(() => expect(stepHeading()).toHaveTextContent(de('registration:steps.address.title')));
      const zip = screen.getByLabelText(de('registration:fields.zipCode'));
      await waitFor(() => expect(zip).toHaveFocus());
      expect(errorOf(de('registration:fields.zipCode'))).toBe(de('validation:zipCode.invalid'));
      expect(errorOf(de('registration:fields.zipCode'))).not.toBe('Please enter a valid ZIP code');
      expect(zip).toHaveValue('62701');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('validates every step again before sending, and sends nothing when one is invalid', async () => {
    answerRegistrationWith(() => json(500, {}));
    const { user } = renderWizard();
    await fillStep1(user);
    await press(user, button('Next'));
    await fillStep2(user);
    await press(user, button('Next'));
    // A list entry longer than the server accepts: caught here, beside its field.
    await fill(user, 'Current Medications', 'x'.repeat(201));
    await press(user, button('Create Account'));
    expect(errorOf('Current Medications')).toBe('This text is too long');
    expect(input('Current Medications')).toHaveFocus();
    expect(registrationCalls()).toHaveLength(0);
  });

  it('sends one registration when Create Account is pressed twice in quick succession', async () => {
    answerRegistrationWith(() =>
      json(500, { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }),
    );
    const { user } = renderWizard();
    await fillStep1(user);
    await press(user, button('Next'));
    await fillStep2(user);
    await press(user, button('Next'));
    const create = button('Create Account');
    fireEvent.click(create);
    fireEvent.click(create);
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    await settle();
    expect(registrationCalls()).toHaveLength(1);
  });

  it('shows the busy state while the request is under way', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (url) => {
      if (String(url) === '/api/csrf-token') return json(200, { csrfToken: 'test-token' });
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    });
    const { user } = renderWizard();
    await fillAllAndSubmit(user);
    const busy = await screen.findByRole('button', { name: 'Creating Account…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    // A second press while busy sends nothing more.
    await press(user, busy);
    expect(registrationCalls()).toHaveLength(1);
    release(json(500, { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }));
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeInTheDocument();
  });
});
