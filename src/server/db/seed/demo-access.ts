import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { POSITION_TEMPLATES, STAFF_POSITIONS, type StaffPosition } from '../../../contracts/permission-catalogue';
import type { Database } from '../client';
import { careAssignments, patientProfiles, permissions, userPermissions, users } from '../schema';

// The demo organisation's access: every staff member holds their position's template (the demo
// reception account therefore has no billing.view, which the access e2e relies on), and the demo
// doctor has patients in their care, including the demo patient accounts.

const DEMO_DOCTOR = 'doctor@caredeck.demo';
const ASSIGNED_PATIENTS = ['patient@caredeck.demo', 'mfa@caredeck.demo'];
const FURTHER_ASSIGNED = 6;

export async function seedDemoAccess(db: Database): Promise<void> {
  const catalogue = new Map(
    (await db.select({ id: permissions.id, permission: permissions.permission }).from(permissions)).map((p) => [p.permission, p.id]),
  );
  const staff = await db
    .select({ id: users.id, position: users.position })
    .from(users)
    .where(and(eq(users.role, 'staff'), isNotNull(users.position)));
  const grants = staff.flatMap(({ id, position }) =>
    (STAFF_POSITIONS as readonly string[]).includes(position!)
      ? POSITION_TEMPLATES[position as StaffPosition].map((permission) => ({ userId: id, permissionId: catalogue.get(permission)! }))
      : [],
  );
  if (grants.length > 0) await db.insert(userPermissions).values(grants);

  const [doctor] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DOCTOR));
  if (!doctor) return;
  const named = await db.select({ id: users.id }).from(users).where(inArray(users.email, ASSIGNED_PATIENTS));
  const further = await db
    .select({ id: patientProfiles.userId })
    .from(patientProfiles)
    .innerJoin(users, eq(users.id, patientProfiles.userId))
    .where(sql`${users.email} not like '%@caredeck.demo'`)
    .orderBy(asc(patientProfiles.medicalRecordNumber))
    .limit(FURTHER_ASSIGNED);
  const patients = [...named, ...further];
  if (patients.length > 0) await db.insert(careAssignments).values(patients.map(({ id }) => ({ doctorId: doctor.id, patientId: id })));
}
