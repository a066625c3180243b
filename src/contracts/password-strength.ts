// Password strength (docs/product.md, Sign-in and sessions) counts 8+ characters, lowercase, uppercase,
// digit, special character; 3 of 5 is required. Labels: up to 2 Weak, 3 Fair, 4 Good, 5 Strong.

export type StrengthLabel = 'weak' | 'fair' | 'good' | 'strong';

export function passwordStrength(password: string): number {
  return [/.{8,}/s, /[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((rule) => rule.test(password)).length;
}

export function strengthLabel(score: number): StrengthLabel {
  if (score <= 2) return 'weak';
  if (score === 3) return 'fair';
  if (score === 4) return 'good';
  return 'strong';
}

/**
 * Passwords seen in every breach list. Refused even when they pass the strength rule (ASVS V6):
 * "Password1!" scores 5 of 5 and is still the first thing an attacker tries.
 */
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'password1!',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword1',
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  'qwerty',
  'qwerty123',
  'qwerty1!',
  'abc123',
  'letmein',
  'letmein1',
  'welcome',
  'welcome1',
  'welcome1!',
  'welcome123',
  'admin',
  'admin123',
  'admin@123',
  'iloveyou',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'master',
  'trustno1',
  'changeme',
  'changeme1',
  'secret',
  'secret123',
  'summer2024',
  'summer2025',
  'summer2026',
  'winter2025',
  'spring2026',
  'autumn2026',
  'hello123',
  'test1234',
  'health123',
  'doctor123',
  'patient123',
  'hospital1',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
