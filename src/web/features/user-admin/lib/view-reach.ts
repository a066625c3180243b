import type { Permission } from '../../../../contracts/permissions';
import type { Role } from '../../../../contracts/roles';
import { viewRequirement } from '../../../../contracts/view-access';
import type { ViewName } from '../../../../contracts/views';
import { NAVIGATION } from '../../../lib/session/role-navigation';

// "View as": which of a role's views a user would reach with a set of permissions.
// Admin passes every guard; doctors and patients are treated as holding every permission;
// staff reach a guarded view only with one of its any-of permissions, and staff with none are denied.
// The requirements come from contracts/view-access.ts, the table the permission guard enforces.

type Requirement = readonly Permission[];

/** Guarded views and their any-of requirements (the guard's own table); medications differ for doctors. */
export function requirementOf(view: ViewName, role: Role): Requirement | undefined {
  return viewRequirement(view, role);
}

export interface ViewReach {
  view: ViewName;
  reachable: boolean;
  /** The any-of permissions the view asks for; undefined for unguarded views. */
  requires?: Requirement;
}

export function viewReach(role: Role, permissions: ReadonlySet<string>): ViewReach[] {
  return NAVIGATION[role].map((view) => {
    const requires = requirementOf(view, role);
    if (!requires) return { view, reachable: true };
    if (role !== 'staff') return { view, reachable: true, requires };
    return { view, reachable: permissions.size > 0 && requires.some((p) => permissions.has(p)), requires };
  });
}

/** A grant counts when it has no expiry or one in the future. */
export function isCurrent(expiresAt: string | null, now: Date = new Date()): boolean {
  return expiresAt === null || new Date(expiresAt).getTime() > now.getTime();
}
