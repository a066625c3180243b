import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { describeRegistrationFailure } from './register-patient';

describe('describeRegistrationFailure', () => {
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
