import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { appointments, users } from '../schema';

// The demo patients registered over time, not all on the day the database was seeded: each one
// the day before their first visit (the clinical history goes back six months), so the admin's new
// registrations and the analytics' new patients show a history. Patients without a visit, and the
// demo accounts people sign in with, keep the day of seeding.

export async function seedDemoRegistrations(db: Database): Promise<void> {
  await db.execute(sql`
    update ${users} u
    set created_at = first.starts_at - interval '1 day', updated_at = first.starts_at - interval '1 day'
    from (
      select ${appointments.patientId} as patient_id, min(${appointments.startsAt}) as starts_at
      from ${appointments}
      group by ${appointments.patientId}
    ) first
    where u.id = first.patient_id and u.role = 'patient' and u.email not like '%@caredeck.demo'
      and first.starts_at - interval '1 day' < u.created_at`);
}
