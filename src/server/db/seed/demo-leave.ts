import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import { addCalendarDays } from '../../../contracts/dates';
import { nextDate, wallClock } from '../../modules/appointments/slots';
import type { Database } from '../client';
import { clinicDay, clinicDayStart } from '../factories';
import { appointments, coverageOffers, doctorProfiles, doctorTimeOff, leaveRequests, users } from '../schema';

// Leave and coverage for the demo: the demo doctor has a pending leave request (the administrator's
// approvals page shows it), and a Family Medicine colleague is on approved leave on a day one of
// their patients is booked, so the demo doctor finds that visit among the appointments to cover.

const DEMO_DOCTOR = 'doctor@caredeck.demo';
const DEMO_ADMIN = 'admin@caredeck.demo';

export async function seedDemoLeave(db: Database, { timeZone, now = new Date() }: { timeZone: string; now?: Date }): Promise<void> {
  const [doctor] = await db
    .select({ id: users.id, specialty: doctorProfiles.specialty })
    .from(users)
    .innerJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
    .where(eq(users.email, DEMO_DOCTOR));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN));
  if (!doctor || !admin) return;

  const first = clinicDay(now, 60, timeZone);
  await db.insert(leaveRequests).values({
    doctorId: doctor.id,
    type: 'vacation',
    startDate: first,
    endDate: addCalendarDays(first, 4),
    reason: 'Family holiday',
  });

  // The soonest booked visit (from three days ahead) of a colleague of the demo doctor's specialty
  // at a time the demo doctor is free, so taking it over works.
  const candidates = await db
    .select({
      id: appointments.id,
      doctorId: appointments.doctorId,
      startsAt: appointments.startsAt,
      minutes: appointments.durationMinutes,
    })
    .from(appointments)
    .innerJoin(doctorProfiles, eq(doctorProfiles.userId, appointments.doctorId))
    .where(
      and(
        eq(doctorProfiles.specialty, doctor.specialty),
        ne(appointments.doctorId, doctor.id),
        inArray(appointments.status, ['requested', 'scheduled']),
        gte(appointments.startsAt, new Date(now.getTime() + 3 * 86_400_000)),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(50);
  const own = await db
    .select({ startsAt: appointments.startsAt, minutes: appointments.durationMinutes })
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctor.id), ne(appointments.status, 'cancelled')));
  const offDays = await db.select().from(doctorTimeOff).where(eq(doctorTimeOff.doctorId, doctor.id));
  const overlaps = (a: { startsAt: Date; minutes: number }, start: Date, end: Date) =>
    a.startsAt < end && start < new Date(a.startsAt.getTime() + a.minutes * 60_000);
  const visit = candidates.find((candidate) => {
    const end = new Date(candidate.startsAt.getTime() + candidate.minutes * 60_000);
    return (
      !own.some((busy) => overlaps(busy, candidate.startsAt, end)) &&
      !offDays.some((off) => off.startsAt < end && candidate.startsAt < off.endsAt)
    );
  });
  if (!visit) return;
  const day = wallClock(visit.startsAt, timeZone).slice(0, 10);
  const [away] = await db
    .insert(doctorTimeOff)
    .values({
      doctorId: visit.doctorId,
      startsAt: clinicDayStart(day, timeZone),
      endsAt: clinicDayStart(nextDate(day), timeZone),
      reason: 'leave',
    })
    .returning({ id: doctorTimeOff.id });
  const [leave] = await db
    .insert(leaveRequests)
    .values({
      doctorId: visit.doctorId,
      type: 'conference',
      startDate: day,
      endDate: day,
      status: 'approved',
      decidedBy: admin.id,
      decidedAt: now,
      timeOffId: away!.id,
    })
    .returning({ id: leaveRequests.id });
  await db.insert(coverageOffers).values({ leaveRequestId: leave!.id, appointmentId: visit.id, doctorId: visit.doctorId });
}
