import { asc, eq } from 'drizzle-orm';
import { nextDate } from '../../modules/appointments/slots';
import type { Database } from '../client';
import { buildClinicalHistory, clinicDay, clinicDayStart, insertClinicalHistories, Random, type ClinicCalendar } from '../factories';
import { careAssignments, doctorAvailability, doctorProfiles, doctorTimeOff, patientProfiles, users } from '../schema';

// Every demo patient gets a believable history (six months of vitals, several lab
// panels, current and past medications, allergies, problems, immunizations, family history, past
// and upcoming appointments, documents). Built in memory and inserted in bulk, so the whole seed
// stays within a couple of seconds on PGlite.

const DEMO_DOCTOR = 'doctor@caredeck.demo';
const PRIMARY_CARE = ['Family Medicine', 'Internal Medicine'];
/** Its own seed, so adding clinical data does not change the people the earlier steps create. */
const CLINICAL_SEED = 20_261_123;

export interface ClinicalSeedOptions {
  /** The clinic's IANA time zone (CLINIC_TIME_ZONE): visits fall in its working hours there. */
  timeZone: string;
  now?: Date;
}

export async function seedDemoClinicalHistory(db: Database, { timeZone, now = new Date() }: ClinicalSeedOptions): Promise<void> {
  const random = new Random(CLINICAL_SEED);
  const doctors = await db
    .select({ id: doctorProfiles.userId, specialty: doctorProfiles.specialty, email: users.email })
    .from(doctorProfiles)
    .innerJoin(users, eq(users.id, doctorProfiles.userId))
    .orderBy(asc(users.email));
  const demoDoctor = doctors.find((d) => d.email === DEMO_DOCTOR);
  if (doctors.length === 0) return;
  const primaryCare = doctors.filter((d) => PRIMARY_CARE.includes(d.specialty) && d.email !== DEMO_DOCTOR);
  const patients = await db.select({ id: patientProfiles.userId }).from(patientProfiles).orderBy(asc(patientProfiles.medicalRecordNumber));
  // The demo doctor's assigned patients keep them as their usual doctor, so the doctor portal shows them.
  const assigned = demoDoctor
    ? new Set(
        (await db.select({ id: careAssignments.patientId }).from(careAssignments).where(eq(careAssignments.doctorId, demoDoctor.id))).map(
          (r) => r.id,
        ),
      )
    : new Set<string>();

  // Each doctor's visits fall on the weekdays of their weekly hours.
  const workdays = new Map<string, Set<number>>();
  for (const row of await db.select().from(doctorAvailability)) {
    if (!row.isAvailable) continue;
    const days = workdays.get(row.doctorId) ?? new Set<number>();
    days.add(row.dayOfWeek);
    workdays.set(row.doctorId, days);
  }
  const clinic: ClinicCalendar = { timeZone, workdays };

  const taken = new Set<string>();
  const histories = patients.map(({ id }) => {
    const primary = assigned.has(id) && demoDoctor ? demoDoctor : random.pick(primaryCare.length > 0 ? primaryCare : doctors);
    const specialists = random.sample(
      doctors.filter((d) => d.id !== primary.id && !PRIMARY_CARE.includes(d.specialty)),
      random.int(1, 2),
    );
    return buildClinicalHistory(random, {
      patientId: id,
      careTeam: [primary.id, ...specialists.map((d) => d.id)],
      now,
      takenSlots: taken,
      clinic,
    });
  });
  await insertClinicalHistories(db, histories);

  // Some time off in the coming weeks: a conference day for a few doctors, a week's leave for one.
  const away = random.sample(doctors, Math.min(6, doctors.length));
  const timeOff = away.map((doctor, index) => {
    // Whole days of the clinic's calendar, from its midnight to the midnight after.
    const first = clinicDay(now, random.int(5, 45), timeZone);
    const days = index === 0 ? 5 : 1;
    return {
      doctorId: doctor.id,
      startsAt: clinicDayStart(first, timeZone),
      endsAt: clinicDayStart(nextDate(first, days), timeZone),
      reason: index === 0 ? 'Annual leave' : 'Conference',
    };
  });
  if (timeOff.length > 0) await db.insert(doctorTimeOff).values(timeOff);
}
