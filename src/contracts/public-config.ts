import { z } from 'zod';

/** A clinic as the public sees it (the landing page's map): no staff, no patients. */
export const publicClinicSchema = z.object({
  id: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
});
export type PublicClinic = z.infer<typeof publicClinicSchema>;

/**
 * What the browser needs to know about this deployment before anyone signs in: the organisation
 * settings an admin edits, and the demo flag. No PHI.
 */
export const publicConfigSchema = z.object({
  organisationName: z.string(),
  supportEmail: z.string(),
  demoMode: z.boolean(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** A path of this site or a small data: URL; null for the bundled mark. */
  logoUrl: z.string().nullable(),
  clinics: z.array(publicClinicSchema),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** How long browsers and the server keep the public config (seconds): edits show within a minute. */
export const PUBLIC_CONFIG_CACHE_SECONDS = 60;
