import { z } from 'zod';
import { defineRoute, idParamsSchema } from './http';
import { publicConfigSchema } from './public-config';
import { EARLY_ROUTES } from './early-routes';

// Organisation settings and clinics, edited by admins (GET/PUT
// /api/admin/organisation, /api/admin/clinics) and shown publicly through GET /api/public/config.

/** A data: URL logo is kept in the database and sent with the public config: it stays small. */
export const LOGO_DATA_URL_MAX_BYTES = 100 * 1024;
/** Raster images only: an SVG may carry script, and a logo is shown on every public page. */
export const LOGO_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
/** A path of this app (a bundled image such as /icons/icon-192.png); never another origin. */
export const LOGO_PATH = /^\/(?!\/)[A-Za-z0-9._~\-/]{1,200}\.(png|jpe?g|webp|svg)$/;

/** How large a data: URL may be, in characters (base64 takes 4 for 3 bytes, plus its prefix). */
export const LOGO_DATA_URL_MAX_CHARS = Math.ceil((LOGO_DATA_URL_MAX_BYTES * 4) / 3) + 40;

const requiredText = (key: string, max: number) => z.string(key).trim().min(1, key).max(max, 'text.tooLong');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'text.tooLong')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null);

const phone = z
  .string()
  .trim()
  .max(40, 'phone.invalid')
  .regex(/^(\+?[0-9 ()./-]{6,})?$/, 'phone.invalid')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional()
  .transform((value) => value ?? null);

const logo = z
  .string()
  .trim()
  .max(LOGO_DATA_URL_MAX_CHARS, 'logo.invalid')
  .refine((value) => value === '' || LOGO_DATA_URL.test(value) || LOGO_PATH.test(value), 'logo.invalid')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional()
  .transform((value) => value ?? null);

export const organisationSettingsSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  supportEmail: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** Null until an admin first saves: the values then come from the server's configuration. */
  updatedAt: z.iso.datetime().nullable(),
});
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;

export const organisationUpdateSchema = z
  .object({
    name: requiredText('name.required', 200),
    logoUrl: logo,
    supportEmail: z.string('email.required').trim().min(1, 'email.required').max(320, 'email.invalid').pipe(z.email('email.invalid')),
    phone,
    address: optionalText(500),
  })
  .strict();
export type OrganisationUpdate = z.input<typeof organisationUpdateSchema>;

export const organisationResponseSchema = z.object({ data: organisationSettingsSchema });

export const clinicSchema = z.object({
  id: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
});
export type Clinic = z.infer<typeof clinicSchema>;

/** Form inputs send numbers as text; both are accepted. */
const coordinate = (min: number, max: number, key: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number(key).finite(key).min(min, key).max(max, key),
  );

export const clinicInputSchema = z
  .object({
    name: requiredText('name.required', 200),
    latitude: coordinate(-90, 90, 'latitude.invalid'),
    longitude: coordinate(-180, 180, 'longitude.invalid'),
    address: optionalText(500),
  })
  .strict();
export type ClinicInput = z.input<typeof clinicInputSchema>;

export const clinicResponseSchema = z.object({ data: clinicSchema });
export const clinicListResponseSchema = z.object({ data: z.array(clinicSchema) });

/** An organisation has a handful of clinics; the list is not paged, so it is capped. */
export const MAX_CLINICS = 200;

/** The organisation's public identity, and the settings and clinics behind it (system.config). */
export const organisationApi = {
  publicConfig: defineRoute({ ...EARLY_ROUTES.publicConfig, response: publicConfigSchema }),
  settings: defineRoute({ method: 'GET', path: '/api/admin/organisation', response: organisationResponseSchema }),
  updateSettings: defineRoute({
    method: 'PUT',
    path: '/api/admin/organisation',
    body: organisationUpdateSchema,
    response: organisationResponseSchema,
  }),
  clinics: defineRoute({ method: 'GET', path: '/api/admin/clinics', response: clinicListResponseSchema }),
  createClinic: defineRoute({
    method: 'POST',
    path: '/api/admin/clinics',
    body: clinicInputSchema,
    response: clinicResponseSchema,
    status: 201,
    errors: ['CONFLICT'],
  }),
  updateClinic: defineRoute({
    method: 'PUT',
    path: '/api/admin/clinics/:id',
    params: idParamsSchema,
    body: clinicInputSchema,
    response: clinicResponseSchema,
    errors: ['NOT_FOUND'],
  }),
  deleteClinic: defineRoute({
    method: 'DELETE',
    path: '/api/admin/clinics/:id',
    params: idParamsSchema,
    status: 204,
    errors: ['NOT_FOUND'],
  }),
};
