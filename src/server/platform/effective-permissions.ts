import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { PERMISSIONS, type Permission } from '../../contracts/permission-catalogue';
import { ROLE_DEFAULT_PERMISSIONS } from '../../contracts/role-permissions';
import type { Role } from '../../contracts/roles';
import type { Database } from '../db/client';
import { permissions, userPermissions } from '../db/schema';

// What a user may do right now: admin everything; doctors and patients
// their role's defaults; staff their grants that are active and not expired, read from the
// database each time, so a revoke or an expiry counts from the very next request.

/** The staff member's grants that count now. The database clock decides expiry. */
export async function activeGrants(db: Database, userId: string): Promise<Permission[]> {
  const rows = await db
    .select({ permission: permissions.permission })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(
      and(
        eq(userPermissions.userId, userId),
        eq(userPermissions.isActive, true),
        or(isNull(userPermissions.expiresAt), gt(userPermissions.expiresAt, sql`now()`)),
      ),
    );
  const held = new Set(rows.map((row) => row.permission));
  // Catalogue order, and nothing the catalogue no longer knows.
  return PERMISSIONS.filter((permission) => held.has(permission));
}

export async function effectivePermissions(db: Database, userId: string, role: Role): Promise<Permission[]> {
  if (role === 'staff') return activeGrants(db, userId);
  return [...ROLE_DEFAULT_PERMISSIONS[role]];
}
