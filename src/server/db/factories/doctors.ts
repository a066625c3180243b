import { SPECIALTIES, type Specialty } from '../../../contracts/specialties';
import type { Database } from '../client';
import { doctorAvailability, doctorProfiles, type NewDoctorProfileRow, type UserRow } from '../schema';
import { Random } from './random';
import { createUser, type UserOverrides } from './users';

/**
 * Where demo doctors work: the names of the demo organisation's clinics (seed/demo-organisation.ts),
 * so the seed places each doctor at the clinic of that name.
 */
export const DEMO_HOSPITALS = [
  'Caredeck Central Hospital',
  'Caredeck Westside Clinic',
  'Caredeck São Paulo',
  'Caredeck London Bridge',
  'Caredeck Nairobi Clinic',
  'Caredeck Singapore',
] as const;

const LANGUAGES = ['English', 'Spanish', 'French', 'German', 'Chinese', 'Arabic'] as const;

const SCHOOLS = [
  'Johns Hopkins School of Medicine',
  'University of Toronto',
  'Charité – Universitätsmedizin Berlin',
  'Peking Union Medical College',
  'Universidad de Buenos Aires',
  'Sorbonne Université',
  'University of Cape Town',
] as const;

function qualificationsFor(specialty: Specialty, random: Random): string[] {
  const list = ['MD', `Board Certified in ${specialty.name}`, `Residency, ${random.pick(SCHOOLS)}`];
  if (random.next() < 0.6) list.push(`Fellowship in ${specialty.name}`);
  if (random.next() < 0.3) list.push('MPH');
  return list;
}

function bioFor(firstName: string, lastName: string, specialty: Specialty, years: number, hospital: string): string {
  return (
    `Dr. ${firstName} ${lastName} has practised ${specialty.name.toLowerCase()} for ${years} years at ${hospital}. ` +
    `Known for clear explanations and shared decisions, Dr. ${lastName} sees adults and families for ` +
    `both first consultations and long-term follow-up, and coordinates closely with primary care.`
  );
}

export type DoctorOverrides = UserOverrides & { profile?: Partial<Omit<NewDoctorProfileRow, 'userId'>> };

export function buildDoctorProfile(
  random: Random,
  user: Pick<UserRow, 'firstName' | 'lastName'>,
  specialty: Specialty = random.pick(SPECIALTIES),
): Omit<NewDoctorProfileRow, 'userId'> {
  const experienceYears = random.int(3, 32);
  const hospital = random.pick(DEMO_HOSPITALS);
  const languages = ['English', ...random.sample(LANGUAGES.slice(1), random.int(0, 2))];
  return {
    specialty: specialty.name,
    department: specialty.category
      .split('-')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' '),
    hospital,
    experienceYears,
    rating: (random.int(38, 49) / 10).toFixed(1),
    reviewCount: random.int(12, 480),
    consultationFee: `${random.int(120, 300)}.00`,
    qualifications: qualificationsFor(specialty, random),
    bio: bioFor(user.firstName, user.lastName, specialty, experienceYears, hospital),
    languages,
    telemedicineEnabled: specialty.category === 'digital-health' || random.next() < 0.6,
    verified: random.next() < 0.85,
  };
}

/** Weekly hours: most doctors work Monday–Friday, some a Saturday morning, each with their own start time. */
export function buildAvailability(random: Random, doctorId: string) {
  const start = random.pick(['08:00', '08:30', '09:00']);
  const end = random.pick(['16:00', '17:00', '17:30']);
  const days = [1, 2, 3, 4, 5].filter(() => random.next() < 0.85);
  const rows = days.map((dayOfWeek) => ({ doctorId, dayOfWeek, startTime: start, endTime: end, isAvailable: true }));
  if (random.next() < 0.25) rows.push({ doctorId, dayOfWeek: 6, startTime: '09:00', endTime: '12:00', isAvailable: true });
  return rows;
}

export async function createDoctor(
  db: Database,
  random: Random,
  specialty: Specialty = random.pick(SPECIALTIES),
  overrides: DoctorOverrides = {},
): Promise<{ user: UserRow; profile: NewDoctorProfileRow }> {
  const { profile: profileOverrides, ...userOverrides } = overrides;
  const user = await createUser(db, random, { role: 'doctor', ...userOverrides });
  const profile = { userId: user.id, ...buildDoctorProfile(random, user, specialty), ...profileOverrides };
  await db.insert(doctorProfiles).values(profile);
  const availability = buildAvailability(random, user.id);
  if (availability.length > 0) await db.insert(doctorAvailability).values(availability);
  return { user, profile };
}
