import { and, asc, eq, ne } from 'drizzle-orm';
import type { StaffPosition } from '../../../contracts/permission-catalogue';
import type { StaffMemberStatus, StaffStatus } from '../../../contracts/staff-portal';
import { staffStatuses, users } from '../../db/schema';
import { Repository } from '../../platform/unit-of-work';

// The staff members' desk statuses. No patient data: a status names only the staff member, and
// colleagues (staff and admins) see each other's. Reads and changes are noted on the request's
// audit event; a change is pushed to every other active staff member and admin once it commits.

export class StaffPortalRepository extends Repository {
  /** Every active staff member with their status (never set: off duty), by name; noted. */
  async statuses(): Promise<StaffMemberStatus[]> {
    const rows = await this.db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        position: users.position,
        status: staffStatuses.status,
        updatedAt: staffStatuses.updatedAt,
      })
      .from(users)
      .leftJoin(staffStatuses, eq(staffStatuses.userId, users.id))
      .where(and(eq(users.role, 'staff'), eq(users.isActive, true)))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    this.audit.read('staff.status-list', 'user', null, [], { count: rows.length });
    return rows.map(toStatus);
  }

  /** Sets the caller's own status; noted, and pushed to the colleagues after commit. */
  async setOwn(status: StaffStatus, now: Date): Promise<StaffMemberStatus> {
    const { userId } = this.scope.actor;
    await this.db
      .insert(staffStatuses)
      .values({ userId, status, updatedAt: now })
      .onConflictDoUpdate({ target: staffStatuses.userId, set: { status, updatedAt: now } });
    const [me] = await this.db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, position: users.position })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    this.audit.note({ action: 'staff.status-update', resourceType: 'user', resourceId: userId, details: { status } });
    const colleagues = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(ne(users.id, userId), eq(users.isActive, true), eq(users.role, 'staff')));
    const admins = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isActive, true), eq(users.role, 'admin')));
    const recipients = [...colleagues, ...admins].map((row) => row.id).filter((id) => id !== userId);
    if (recipients.length > 0) {
      this.effects.push({
        recipients,
        event: {
          type: 'staff_status_update',
          action: 'updated',
          userId,
          firstName: me?.firstName ?? '',
          lastName: me?.lastName ?? '',
          status,
          timestamp: now.toISOString(),
        },
      });
    }
    return toStatus({ ...me!, status, updatedAt: now });
  }

  noteStats(date: string): void {
    this.audit.read('staff.dashboard-stats', 'user', this.scope.actor.userId, [], { date });
  }
}

function toStatus(row: {
  userId: string;
  firstName: string;
  lastName: string;
  position: string | null;
  status: StaffStatus | null;
  updatedAt: Date | null;
}): StaffMemberStatus {
  return {
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    position: (row.position as StaffPosition | null) ?? null,
    status: row.status ?? 'off-duty',
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}
