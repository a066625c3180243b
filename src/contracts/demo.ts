import { z } from 'zod';
import { defineRoute } from './http';
import { ROLES } from './roles';

export const demoAccountSchema = z.object({
  role: z.enum(ROLES),
  email: z.string(),
  password: z.string(),
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
