import { hashPassword } from '../../platform/passwords';
import type { Database } from '../client';
import { users, type NewUserRow, type UserRow } from '../schema';
import { CITIES, FIRST_NAMES, LAST_NAMES, Random, STREETS } from './random';

// Factories build believable rows with typed overrides. Tests and the demo seed use
// the same ones, so the seed exercises exactly what the tests check.

export type UserOverrides = Partial<Omit<NewUserRow, 'passwordHash'>> & {
  /** Plain password to hash with argon2id; omit for an account without a password. */
  password?: string;
};

let sequence = 0;

export function buildUser(random: Random, overrides: Omit<UserOverrides, 'password'> = {}): NewUserRow {
  sequence += 1;
  const firstName = overrides.firstName ?? random.pick(FIRST_NAMES);
  const lastName = overrides.lastName ?? random.pick(LAST_NAMES);
  const place = random.pick(CITIES);
  const year = random.int(1945, 2004);
  const month = String(random.int(1, 12)).padStart(2, '0');
  const day = String(random.int(1, 28)).padStart(2, '0');
  const slug = `${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return {
    email: `${slug}.${sequence}.${random.int(1000, 9999)}@example.org`,
    role: 'patient',
    firstName,
    lastName,
    phone: `+1 555 ${random.int(100, 999)} ${random.int(1000, 9999)}`,
    dateOfBirth: `${year}-${month}-${day}`,
    gender: random.pick(['male', 'female', 'other'] as const),
    address: `${random.int(10, 9999)} ${random.pick(STREETS)}, ${place.city}, ${place.state} ${place.zip}`,
    ...overrides,
  };
}

// Kept here too for callers that build users through the factories.
export { hashPassword };

export async function createUser(db: Database, random: Random, overrides: UserOverrides = {}): Promise<UserRow> {
  const { password, ...rest } = overrides;
  const row = buildUser(random, rest);
  const passwordHash = password ? await hashPassword(password) : null;
  const [created] = await db
    .insert(users)
    .values({ ...row, passwordHash })
    .returning();
  return created!;
}
