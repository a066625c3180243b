import type { Database } from '../client';
import { clinics, organisationSettings } from '../schema';

// The demo organisation's public identity and clinics: a fictional group with
// sites in real cities, so the landing page's map and contact details look like a deployment's.

export const DEMO_ORGANISATION = {
  name: 'Caredeck Health Network',
  logoUrl: '/icons/icon-192.png',
  supportEmail: 'support@caredeck.demo',
  phone: '+1 617 555 0142',
  address: '200 Harbor Street, Boston, MA 02110, United States',
} as const;

/** Named as the demo doctors' hospitals (factories/doctors.ts DEMO_HOSPITALS): each clinic has its doctors. */
export const DEMO_CLINICS = [
  {
    name: 'Caredeck Central Hospital',
    latitude: 42.3554,
    longitude: -71.0605,
    address: '200 Harbor Street, Boston, MA 02110, United States',
  },
  {
    name: 'Caredeck Westside Clinic',
    latitude: 34.0522,
    longitude: -118.2437,
    address: '1450 Wilshire Boulevard, Los Angeles, CA 90017, United States',
  },
  {
    name: 'Caredeck São Paulo',
    latitude: -23.5505,
    longitude: -46.6333,
    address: 'Avenida Paulista 1578, São Paulo, SP 01310-200, Brazil',
  },
  { name: 'Caredeck London Bridge', latitude: 51.5055, longitude: -0.0865, address: '27 Tooley Street, London SE1 2PF, United Kingdom' },
  { name: 'Caredeck Nairobi Clinic', latitude: -1.2921, longitude: 36.8219, address: 'Kenyatta Avenue 14, Nairobi, Kenya' },
  { name: 'Caredeck Singapore', latitude: 1.3521, longitude: 103.8198, address: '10 Biopolis Road, Singapore 138670' },
] as const;

/** The settings and the clinics; answers each clinic's id by its name, for the doctors who work there. */
export async function seedDemoOrganisationSettings(db: Database): Promise<Map<string, string>> {
  await db
    .insert(organisationSettings)
    .values({ id: 1, ...DEMO_ORGANISATION })
    .onConflictDoNothing();
  const rows = await db
    .insert(clinics)
    .values(DEMO_CLINICS.map((clinic) => ({ ...clinic })))
    .returning({ id: clinics.id, name: clinics.name });
  return new Map(rows.map((row) => [row.name, row.id]));
}
