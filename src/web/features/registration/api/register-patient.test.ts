import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { describeRegistrationFailure, serverFieldErrors } from './register-patient';

describe('describeRegistrationFailure (spec §8 Registration)', () => {
  it('turns the EMAIL_TAKEN code into the long duplicate-email text, whatever the server wrote', () => {
    expect(describeRegistrationFailure(new ApiError('An account with this email already exists', 409, 'EMAIL_TAKEN'))).toEqual({
      kind: 'emailTaken',
    });
    expect(describeRegistrationFailure(new ApiError('Cette adresse est déjà utilisée', 409, 'EMAIL_TAKEN'))).toEqual({
      kind: 'emailTaken',
    });
    // The text alone decides nothing.
    expect(describeRegistrationFailure(new Error('User with this Email Already Exists!'))).not.toEqual({ kind: 'emailTaken' });
  });

  it('shows another server message as it is', () => {
    expect(describeRegistrationFailure(new ApiError('Too many requests. Please try again in 15 minutes.', 429))).toEqual({
      kind: 'server',
      message: 'Too many requests. Please try again in 15 minutes.',
    });
  });

  it('falls back to the default text when there is no message', () => {
    expect(describeRegistrationFailure(new ApiError('', 500))).toEqual({ kind: 'default' });
    expect(describeRegistrationFailure(undefined)).toEqual({ kind: 'default' });
    // The api client's stand-in for a missing server text counts as no message.
    expect(describeRegistrationFailure(new ApiError('An error occurred', 500), 'An error occurred')).toEqual({ kind: 'default' });
  });
});

describe('serverFieldErrors', () => {
  it('keys the server’s field messages by form field, turning known English texts back into validation keys', () => {
    const error = new ApiError('Some fields are not valid.', 400, 'VALIDATION_FAILED', {
      firstName: 'First name is required',
      'allergies.2': 'This text is too long',
      phone: 'Something only the server says',
    });
    expect(serverFieldErrors(error)).toEqual({
      firstName: { key: 'firstName.required', text: 'First name is required' },
      allergies: { key: 'text.tooLong', text: 'This text is too long' },
      phone: { key: undefined, text: 'Something only the server says' },
    });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});
