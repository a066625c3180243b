import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Permission } from '../../../contracts/permission-catalogue';
import type { Role } from '../../../contracts/roles';
import type { Database } from '../../db/client';
import { doctorProfiles, permissions, userPermissions, users } from '../../db/schema';

// Grants of staff permissions. A revoke keeps the row (is_active false): the record of spec §3
// carries isActive, and a later grant of the same permission reactivates it.

export interface GrantRow {
  id: string;
  permission: string;
  category: string;
  isActive: boolean;
  expiresAt: Date | null;
  grantedAt: Date;
}

export class PermissionsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (repository: PermissionsRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => {
      const bound = tx as unknown as Database;
      return fn(new PermissionsRepository(bound), bound);
    });
  }

  catalogue() {
    return this.db
      .select({
        id: permissions.id,
        permission: permissions.permission,
        category: permissions.category,
        description: permissions.description,
      })
      .from(permissions)
      .orderBy(asc(permissions.category), asc(permissions.permission));
  }

  async findUser(userId: string): Promise<{ id: string; role: Role; updatedAt: Date } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, role: users.role, updatedAt: users.updatedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /** Every grant the user ever had (active or not), newest state of each. */
  grantsOf(userId: string): Promise<GrantRow[]> {
    return this.db
      .select({
        id: permissions.id,
        permission: permissions.permission,
        category: permissions.category,
        isActive: userPermissions.isActive,
        expiresAt: userPermissions.expiresAt,
        grantedAt: userPermissions.grantedAt,
      })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, userId))
      .orderBy(asc(permissions.category), asc(permissions.permission));
  }

  /** Grants (or reactivates) each permission, with one expiry for all. */
  async grant(userId: string, granted: readonly Permission[], grantedBy: string | null, expiresAt: Date | null): Promise<void> {
    if (granted.length === 0) return;
    const ids = await this.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.permission, [...granted]));
    await this.db
      .insert(userPermissions)
      .values(ids.map(({ id }) => ({ userId, permissionId: id, grantedBy, expiresAt, isActive: true })))
      .onConflictDoUpdate({
        target: [userPermissions.userId, userPermissions.permissionId],
        set: { isActive: true, expiresAt, grantedBy, grantedAt: sql`now()` },
      });
  }

  /** Deactivates the grant; false when the user held no active grant of it. */
  async revoke(userId: string, permission: Permission): Promise<boolean> {
    const rows = await this.db
      .update(userPermissions)
      .set({ isActive: false })
      .where(
        and(
          eq(userPermissions.userId, userId),
          eq(userPermissions.isActive, true),
          inArray(
            userPermissions.permissionId,
            this.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.permission, permission)),
          ),
        ),
      )
      .returning({ id: userPermissions.id });
    return rows.length > 0;
  }

  /** Deactivates every active grant except `keep`. */
  async revokeAllExcept(userId: string, keep: readonly Permission[]): Promise<void> {
    const kept = this.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.permission, keep.length > 0 ? [...keep] : ['']));
    await this.db
      .update(userPermissions)
      .set({ isActive: false })
      .where(and(eq(userPermissions.userId, userId), eq(userPermissions.isActive, true), notInArray(userPermissions.permissionId, kept)));
  }

  async setPosition(userId: string, position: string | null): Promise<void> {
    await this.db
      .update(users)
      .set({ position, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  async hasDoctorProfile(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ userId: doctorProfiles.userId }).from(doctorProfiles).where(eq(doctorProfiles.userId, userId));
    return row !== undefined;
  }

  async setRole(userId: string, role: Role): Promise<void> {
    await this.db
      .update(users)
      .set({ role, ...(role === 'staff' ? {} : { position: null }), updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }
}
