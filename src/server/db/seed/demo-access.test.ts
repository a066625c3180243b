import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITION_TEMPLATES, type StaffPosition } from '../../../contracts/permission-catalogue';
import { activeGrants } from '../../platform/effective-permissions';
import { openMigratedTestDatabase, type TestDatabaseHandle } from '../../test-support/test-database';
import { careAssignments, permissions, users } from '../schema';
import { seedDemoOrganisation } from './index';

// The demo organisation's access: staff hold their position's template, the demo
// reception account lacks billing.view (the access e2e depends on it), the demo doctor has patients.

describe('demo access', () => {
  let database: TestDatabaseHandle;

  beforeAll(async () => {
    database = await openMigratedTestDatabase();
    await seedDemoOrganisation(database);
  });

  afterAll(async () => {
    await database?.close();
  });

  const userId = async (email: string) => (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  it('has the permission catalogue from the migration, with or without the demo', async () => {
    expect((await database.db.select().from(permissions)).length).toBe(39);
  });

  it('gives every staff member exactly their position’s template', async () => {
    const staff = await database.db.select({ id: users.id, position: users.position }).from(users).where(eq(users.role, 'staff'));
    expect(staff.length).toBe(6);
    for (const member of staff) {
      expect((await activeGrants(database.db, member.id)).sort()).toEqual([...POSITION_TEMPLATES[member.position as StaffPosition]].sort());
    }
  });

  it('leaves the demo reception account without billing.view', async () => {
    const grants = await activeGrants(database.db, await userId('staff@caredeck.demo'));
    expect(grants).toContain('patients.view.all');
    expect(grants).not.toContain('billing.view');
  });

  it('puts the demo patients in the demo doctor’s care', async () => {
    const assigned = await database.db
      .select({ patientId: careAssignments.patientId })
      .from(careAssignments)
      .where(eq(careAssignments.doctorId, await userId('doctor@caredeck.demo')));
    expect(assigned.map((row) => row.patientId)).toEqual(
      expect.arrayContaining([await userId('patient@caredeck.demo'), await userId('mfa@caredeck.demo')]),
    );
    expect(assigned.length).toBe(8);
  });
});
