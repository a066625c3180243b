import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { i18next, initI18n } from '../../../lib/i18n';
import { isEmailTaken, registrationFailureText } from './register-patient';

// The registration toast words a refusal by its code, in the reader's language; the server's English
// message decides nothing and is never shown.

describe('registrationFailureText', () => {
  beforeAll(async () => {
    await initI18n('fr', ['registration', 'errors']);
  });
  const t = ((...args: Parameters<typeof i18next.t>) => i18next.getFixedT('fr')(...args)) as typeof i18next.t;
  const fr = (key: string) => i18next.getFixedT('fr')(key);
  const SERVER_TEXT = 'Server English that must never reach the screen';

  it('gives each refusal of the registration its own sentence, whatever the server wrote', () => {
    const cases = [
      ['EMAIL_TAKEN', 409, 'registration:failure.emailTaken'],
      ['VALIDATION_FAILED', 400, 'registration:failure.someFieldsInvalid'],
      ['PASSWORD_TOO_COMMON', 400, 'registration:failure.passwordTooCommon'],
      ['RATE_LIMITED', 429, 'registration:failure.tooManyAttempts'],
    ] as const;
    for (const [code, status, key] of cases) {
      const text = registrationFailureText(t, new ApiError(SERVER_TEXT, status, code));
      expect(text, code).toBe(fr(key));
      expect(text, code).not.toContain(SERVER_TEXT);
    }
    expect(fr('registration:failure.passwordTooCommon')).toContain('mot de passe');
  });

  it('says another code with the general sentence for it, and anything else with the default text', () => {
    expect(registrationFailureText(t, new ApiError(SERVER_TEXT, 503, 'SERVER_BUSY'))).toBe(fr('errors:codes.SERVER_BUSY'));
    expect(registrationFailureText(t, new ApiError('offline', 0, 'NETWORK'))).toBe(fr('errors:api.network'));
    expect(registrationFailureText(t, new ApiError(SERVER_TEXT, 500, 'SOMETHING_NEW'))).toBe(fr('registration:failure.default'));
    expect(registrationFailureText(t, new Error(SERVER_TEXT))).toBe(fr('registration:failure.default'));
    expect(registrationFailureText(t, undefined)).toBe(fr('registration:failure.default'));
  });

  it('tells a taken address by its code only', () => {
    expect(isEmailTaken(new ApiError('Cette adresse est déjà utilisée', 409, 'EMAIL_TAKEN'))).toBe(true);
    expect(isEmailTaken(new Error('User with this Email Already Exists!'))).toBe(false);
  });
});
