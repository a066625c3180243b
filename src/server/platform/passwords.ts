import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Passwords are stored as argon2id (ASVS V6; docs/architecture.md, Conventions) with OWASP's baseline cost: 19 MiB,
// 2 iterations, 1 lane. The factories and the seed hash with the same function, so demo accounts
// and real ones are alike.

export async function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

let dummyHash: Promise<string> | undefined;

/** Computes the throwaway hash ahead of time, so even the first unknown email takes the usual time. */
export async function prepareDummyHash(): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await dummyHash;
}

/**
 * Checks a password against a stored hash. With no hash (unknown email, account without a password)
 * it still runs one argon2 verification against a throwaway hash, so the answer takes as long as
 * for a real account and timing does not tell which emails exist.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await prepareDummyHash();
    await verify(await dummyHash!, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash never signs anyone in.
    return false;
  }
}
