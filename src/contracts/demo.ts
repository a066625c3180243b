import { z } from 'zod';
import { defineRoute } from './http';
import { ROLES } from './roles';

/** What sets each demo account apart; the web names it in the reader's language. */
export const DEMO_ACCOUNT_KINDS = [
  'patient',
  'doctor',
  'staff',
  'admin',
  'first-sign-in-doctor',
  'mfa-patient',
  'waiting-room-display',
] as const;
export type DemoAccountKind = (typeof DEMO_ACCOUNT_KINDS)[number];

export const demoAccountSchema = z.object({
  role: z.enum(ROLES),
  kind: z.enum(DEMO_ACCOUNT_KINDS),
  /** The person's name, which tells two accounts of one role apart. */
  name: z.string(),
  email: z.string(),
  password: z.string(),
  /** In English, distinct for every account: kind, name and, for a doctor, the specialty. */
  label: z.string(),
  mfa: z.boolean(),
  /** MFA accounts only: the code the account's authenticator shows now (demo mode lists it on the login screen). */
  mfaCode: z.string().optional(),
  /** MFA accounts only: seconds until the code above is replaced by the next one. */
  mfaCodeExpiresInSeconds: z.number().int().optional(),
});

export const demoAccountsResponseSchema = z.object({ data: z.array(demoAccountSchema) });
export type DemoAccount = z.infer<typeof demoAccountSchema>;

/** The demo accounts, in demo mode only (elsewhere the route answers like one that does not exist). */
export const demoApi = {
  accounts: defineRoute({ method: 'GET', path: '/api/demo/accounts', response: demoAccountsResponseSchema, errors: ['NOT_FOUND'] }),
};
