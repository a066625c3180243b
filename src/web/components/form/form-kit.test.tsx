import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { emailSchema } from '../../../contracts/auth';
import { ERROR_HANDLING } from '../../../contracts/constants';
import { ApiError } from '../../lib/api-client';
import { clearFormBackups } from '../../lib/forms/form-backup';
import { i18next, initI18n } from '../../lib/i18n';
import { CheckboxInput, DateInput, EmailInput, PasswordInput, SelectInput, TextareaInput, TextInput } from './fields';
import { Form, SubmitButton } from './form';
import { useSchemaForm, type FormBackupOptions, type SubmitFailure } from './use-schema-form';
import { typeDate } from '../../test/date-field';

// The form kit on a small form made of contract rules: translated messages, focus, server errors,
// the pending button and the backup of what was typed.

const schema = z.object({
  firstName: z.string().trim().min(1, 'firstName.required'),
  email: emailSchema,
  password: z.string().min(1, 'password.required'),
  gender: z.string().min(1, 'gender.required'),
  address: z.string().trim().min(1, 'address.required'),
  dateOfBirth: z.string().min(1, 'dateOfBirth.required'),
  agree: z.boolean(),
});
type Values = z.input<typeof schema>;
const EMPTY: Values = { firstName: '', email: '', password: '', gender: '', address: '', dateOfBirth: '', agree: false };

interface Props {
  onSubmit: (values: Values) => Promise<void> | void;
  onFailure?: SubmitFailure;
  backup?: FormBackupOptions;
  clock?: () => number;
}

function Sample({ onSubmit, onFailure, backup, clock }: Props) {
  const form = useSchemaForm({ schema, defaultValues: EMPTY, backup, clock });
  return (
    <Form form={form} onSubmit={onSubmit} onFailure={onFailure}>
      <TextInput name="firstName" label="First name" description="As on your card" />
      <EmailInput name="email" label="Email" />
      <PasswordInput name="password" label="Password" />
      <SelectInput name="gender" label="Gender">
        <option value="">-</option>
        <option value="female">Female</option>
      </SelectInput>
      <TextareaInput name="address" label="Address" />
      <DateInput name="dateOfBirth" label="Date of birth" />
      <CheckboxInput name="agree" label="I agree" />
      <SubmitButton pending="Saving…">Save</SubmitButton>
    </Form>
  );
}

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.org');
  await user.type(screen.getByLabelText('Password'), 'Secret#2026');
  await user.selectOptions(screen.getByLabelText('Gender'), 'female');
  await user.type(screen.getByLabelText('Address'), '1 Main Street');
  await typeDate(user, screen.getByRole('group', { name: 'Date of birth' }), '1990-04-01');
  await user.click(screen.getByLabelText('I agree'));
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  clearFormBackups();
  await i18next.changeLanguage('en');
});

describe('form kit', () => {
  it('shows the schema messages translated, tied to their fields, and focuses the first invalid field', async () => {
    const onSubmit = vi.fn();
    render(<Sample onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Address'), 'somewhere');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const firstName = screen.getByLabelText('First name');
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName.getAttribute('aria-describedby')?.split(' ')).toContain(screen.getByTestId('firstName-error').id);
    expect(firstName).toHaveFocus();
    expect(screen.getByLabelText('Gender')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Gender is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();

    // Editing a field clears its error; the rules run again on the next submit.
    await user.type(firstName, 'A');
    expect(screen.queryByText('First name is required')).toBeNull();
    expect(firstName).not.toHaveAttribute('aria-invalid');
  });

  it('focuses the first invalid field in the order shown, whichever registered first', async () => {
    render(<Sample onSubmit={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('says the messages in the reader’s language', async () => {
    await i18next.changeLanguage('de');
    render(<Sample onSubmit={vi.fn()} />);
    await userEvent.setup().click(screen.getByText('Save'));
    expect(await screen.findByTestId('firstName-error')).toHaveTextContent(i18next.t('validation:firstName.required'));
    expect(screen.getByTestId('firstName-error')).not.toHaveTextContent('First name is required');
  });

  it('puts the server’s field errors beside their fields, translated, focuses the first and reports the failure', async () => {
    const onFailure = vi.fn();
    const onSubmit = vi.fn(async () => {
      throw new ApiError('Some fields are not valid.', 400, 'VALIDATION_FAILED', {
        address: 'Address is required',
        email: 'Please enter a valid email address',
        unknownField: 'Not on this form',
      });
    });
    render(<Sample onSubmit={onSubmit} onFailure={onFailure} />);
    const user = userEvent.setup();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    expect(onFailure.mock.calls[0]?.[1]).toEqual([
      ['address', 'Address is required'],
      ['email', 'Please enter a valid email address'],
    ]);
    expect(screen.getByTestId('address-error')).toHaveTextContent('Address is required');
    expect(screen.getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.queryByText('Not on this form')).toBeNull();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
  });

  it('keeps the submit button disabled and busy while the form is sent', async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Sample onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const button = await screen.findByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(onSubmit).toHaveBeenCalledWith({
      firstName: 'Ada',
      email: 'ada@example.org',
      password: 'Secret#2026',
      gender: 'female',
      address: '1 Main Street',
      dateOfBirth: '1990-04-01',
      agree: true,
    });
    finish();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
  });

  describe('backup of what was typed', () => {
    const backup = { id: 'sample' };

    async function typeThenFail(now: () => number) {
      const onSubmit = vi.fn(async () => {
        throw new ApiError('Unable to connect to server', 0, 'NETWORK');
      });
      const view = render(<Sample onSubmit={onSubmit} onFailure={vi.fn()} backup={backup} clock={now} />);
      const user = userEvent.setup();
      await fillAll(user);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      view.unmount();
    }

    it('offers back what was typed when the form comes back within the hour, never the password, and nothing in storage', async () => {
      let now = 1_000_000;
      await typeThenFail(() => now);
      expect(localStorage.length).toBe(0);
      expect(sessionStorage.length).toBe(0);

      now += ERROR_HANDLING.formBackupTtlMs;
      render(<Sample onSubmit={vi.fn()} backup={backup} clock={() => now} />);
      expect(await screen.findByTestId('form-restored')).toHaveTextContent('What you typed earlier has been restored.');
      expect(screen.getByLabelText('First name')).toHaveValue('Ada');
      expect(screen.getByLabelText('Address')).toHaveValue('1 Main Street');
      expect(screen.getByLabelText('Gender')).toHaveValue('female');
      expect(screen.getByLabelText('I agree')).toBeChecked();
      expect(screen.getByLabelText('Password')).toHaveValue('');
    });

    it('drops a backup older than the limit', async () => {
      let now = 1_000_000;
      await typeThenFail(() => now);

      now += ERROR_HANDLING.formBackupTtlMs + 1;
      render(<Sample onSubmit={vi.fn()} backup={backup} clock={() => now} />);
      expect(screen.queryByTestId('form-restored')).toBeNull();
      expect(screen.getByLabelText('First name')).toHaveValue('');
    });

    it('drops the backup once the form is sent, and when the user starts over', async () => {
      const now = () => 5_000;
      await typeThenFail(now);
      const first = render(<Sample onSubmit={vi.fn()} backup={backup} clock={now} />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Start over' }));
      expect(screen.getByLabelText('First name')).toHaveValue('');
      first.unmount();
      render(<Sample onSubmit={vi.fn()} backup={backup} clock={now} />);
      expect(screen.queryByTestId('form-restored')).toBeNull();
    });

    it('is gone after a successful send', async () => {
      const now = () => 5_000;
      const onSubmit = vi.fn();
      const view = render(<Sample onSubmit={onSubmit} backup={backup} clock={now} />);
      const user = userEvent.setup();
      await fillAll(user);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      view.unmount();
      render(<Sample onSubmit={vi.fn()} backup={backup} clock={now} />);
      expect(screen.queryByTestId('form-restored')).toBeNull();
      expect(screen.getByLabelText('First name')).toHaveValue('');
    });
  });
});
