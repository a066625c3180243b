import type { SessionResponse } from '../../../contracts/auth';
import { ROLES } from '../../../contracts/roles';
import type { SessionUser } from '../../../contracts/user';

// GET /api/auth/session is read before the signed-in frame's first paint, so it is checked here
// without zod (which would add a quarter of the frame's weight): the same rules as the contract's
// sessionResponseSchema and noSessionResponseSchema, field by field. session-answer.test.ts runs
// both on the same answers, so the two cannot drift apart unnoticed.

type Kind = 'uuid' | 'string' | 'string?' | 'boolean' | 'role' | 'strings' | 'contact?';

/** Every field of the session user and what it holds. */
export const SESSION_USER_FIELDS: Record<keyof SessionUser, Kind> = {
  id: 'uuid',
  email: 'string',
  firstName: 'string',
  lastName: 'string',
  name: 'string',
  role: 'role',
  position: 'string?',
  avatar: 'string?',
  phone: 'string?',
  dateOfBirth: 'string?',
  gender: 'string?',
  address: 'string?',
  isFirstTimeLogin: 'boolean',
  mfaEnabled: 'boolean',
  preferredLanguage: 'string?',
  createdAt: 'string',
  updatedAt: 'string',
  medicalRecordNumber: 'string?',
  bloodType: 'string?',
  allergies: 'strings',
  medications: 'strings',
  medicalHistory: 'strings',
  emergencyContact: 'contact?',
  country: 'string?',
  insuranceProvider: 'string?',
  insurancePolicyNumber: 'string?',
};

// The form zod's z.uuid() accepts: RFC 9562 versions 1–8, the nil and the max UUID.
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function holds(kind: Kind, value: unknown): boolean {
  switch (kind) {
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'string':
      return typeof value === 'string';
    case 'string?':
      return value === null || typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'role':
      return (ROLES as readonly unknown[]).includes(value);
    case 'strings':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'contact?':
      return value === null || (isObject(value) && ['name', 'phone', 'relationship'].every((field) => typeof value[field] === 'string'));
  }
}

/** The signed-in user and session of an answer, with only the contract's fields; null for any other shape. */
export function readSessionAnswer(answer: unknown): SessionResponse | null {
  if (!isObject(answer) || !isObject(answer.user) || !isObject(answer.session)) return null;
  const { user, session } = answer;
  const fields = Object.entries(SESSION_USER_FIELDS) as [keyof SessionUser, Kind][];
  if (!fields.every(([field, kind]) => holds(kind, user[field]))) return null;
  if (typeof session.expiresAt !== 'string' || typeof session.absoluteExpiresAt !== 'string') return null;
  const picked = Object.fromEntries(fields.map(([field]) => [field, user[field]])) as Json;
  const contact = user.emergencyContact as Json | null;
  if (contact) picked.emergencyContact = { name: contact.name, phone: contact.phone, relationship: contact.relationship };
  for (const list of ['allergies', 'medications', 'medicalHistory'] as const) picked[list] = [...(user[list] as string[])];
  return {
    user: picked as SessionUser,
    session: { expiresAt: session.expiresAt, absoluteExpiresAt: session.absoluteExpiresAt },
  };
}

/** The server's answer when nobody is signed in: user and session null. */
export function isNoSessionAnswer(answer: unknown): boolean {
  return isObject(answer) && answer.user === null && answer.session === null && answer.error === 'No server session';
}
