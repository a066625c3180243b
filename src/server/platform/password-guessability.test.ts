import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts';
import { newPasswordRefusal } from './password-guessability';

// What an attacker tries first, dressed up the usual ways, is refused wherever a password is set;
// passphrases and random strings are not. The web runs the same rule (contracts/password-guessability.ts).

const jane = { email: 'jane.smith@example.org', firstName: 'Jane', lastName: 'Smith' };
const clinic = 'Harbour Medical Centre';

describe('a new password', () => {
  it.each([
    'Password123!',
    'P@ssw0rd2024',
    'Welcome1!',
    'pAsSwOrD2024!!',
    '2024Password!',
    '!!Dragon99',
    'Summer2024!',
    'Monkey2024$',
    'Qwerty!2345',
    'Doctor#2026',
    'Patient#2026',
    'Passw0rd!Passw0rd!',
  ])('is refused as easy to guess when it is a common password or word, dressed up: %s', (password) => {
    expect(newPasswordRefusal(password, jane, clinic)).toMatch(/^password\.(common|guessable)$/);
  });

  it.each(['Caredeck2026!', 'C@redeck2026', 'Harbour2026!', 'Medical#2025'])(
    'is refused when it is the product’s or the organisation’s name, dressed up: %s',
    (password) => {
      expect(newPasswordRefusal(password, jane, clinic)).toBe('password.guessable');
    },
  );

  it.each(['JaneSmith#99', 'J@n3Smith#99', 'xJaneLovesOtters#88', 'Tulip-Ferry-SMITH-42', 'jane.smith-Ocean#7'])(
    'is refused when it holds the owner’s name or e-mail address: %s',
    (password) => {
      expect(newPasswordRefusal(password, jane, clinic)).toBe('password.personal');
    },
  );

  it('is refused from the long list under its own message', () => {
    expect(newPasswordRefusal('iloveyou2', jane, clinic)).toBe('password.common');
  });

  it.each([
    'correct horse battery staple',
    'tulip-ferry-ocean-lamp',
    'Blue-Otter-Canal-7',
    'Green-Kettle#71',
    'Kx9#mQ2v',
    'Harbour-Lights#42',
  ])('is accepted when it is a passphrase or random: %s', (password) => {
    expect(newPasswordRefusal(password, jane, 'Caredeck')).toBeNull();
  });

  it('accepts a very long password with a strong head, and still finds the owner’s name anywhere in it', () => {
    const random = 'Vq7!kP2#xZ9@mL4$wR8^tB3&';
    expect(newPasswordRefusal(`${random}${'y'.repeat(176)}`, jane, clinic)).toBeNull();
    expect(newPasswordRefusal(`${random}${'y'.repeat(160)}-smith`, jane, clinic)).toBe('password.personal');
  });

  it.each(DEMO_ACCOUNTS.map((account) => [account.email, account] as const))(
    'the published demo password of %s passes the rule itself',
    (_email, account) => {
      expect(newPasswordRefusal(account.password, account, 'Caredeck')).toBeNull();
    },
  );
});
