import { PERMISSIONS, type Permission } from './permission-catalogue';
import type { Role } from './roles';
import { VIEW_NAMES, type ViewName } from './views';

// Permissions and guarded views (docs/product.md): which views are guarded, what each one
// asks for, and the check itself. Pure data and functions, shared by the web client's guard and the
// admin's "View as" preview. The server enforces its own rules on every route; this only decides
// what the browser shows.

/**
 * A permission as the client holds it: a plain string or a detailed
 * record, whose permission may itself be an object with a `permission` field.
 */
export type HeldPermission =
  | string
  | {
      permission: string | { permission: string };
      isActive?: boolean;
      expiresAt?: string | null;
    };

export interface PermissionHolder {
  role: Role;
  permissions: readonly HeldPermission[];
}

export interface CheckOptions {
  /** All-of when true, any-of otherwise. */
  requireAll?: boolean;
  /** A strict check gives admin no free pass (non-strict, letting admin through, is the default). */
  strict?: boolean;
  /** The moment expiry is judged against; now by default. */
  now?: Date;
}

/** The guarded views and their any-of requirements. Medications asks differently of a doctor. */
const VIEW_REQUIREMENTS: Partial<Record<ViewName, (role: Role) => readonly Permission[]>> = {
  appointments: () => ['appointments.create', 'patients.view.own'],
  records: () => ['medical_records.view', 'patients.view.own'],
  medications: (role) =>
    role === 'doctor' ? ['medications.prescribe', 'medications.update'] : ['medications.view.all', 'patients.view.own'],
  billing: () => ['billing.view', 'patients.view.own'],
  messages: () => ['patients.view.own'],
};

export const GUARDED_VIEWS = Object.keys(VIEW_REQUIREMENTS) as ViewName[];

/** The permissions of which a user of this role needs one to open the view; undefined when unguarded. */
export function viewRequirement(view: ViewName, role: Role): readonly Permission[] | undefined {
  return VIEW_REQUIREMENTS[view]?.(role);
}

/** Each portal view belongs to one role; the others are sent to their own. */
export const PORTAL_VIEW_OF_ROLE: Record<Role, ViewName> = {
  admin: 'admin-dashboard',
  doctor: 'doctor-portal',
  staff: 'staff-portal',
  patient: 'dashboard',
};

const PORTAL_ROLE_OF_VIEW = new Map<ViewName, Role>(Object.entries(PORTAL_VIEW_OF_ROLE).map(([role, view]) => [view, role as Role]));

function nameOf(held: HeldPermission): string {
  if (typeof held === 'string') return held;
  return typeof held.permission === 'string' ? held.permission : held.permission.permission;
}

/** A detailed permission counts only while active and not expired; a plain string always counts. */
function counts(held: HeldPermission, now: Date): boolean {
  if (typeof held === 'string') return true;
  if (held.isActive === false) return false;
  if (held.expiresAt) {
    const expiry = Date.parse(held.expiresAt);
    // An expiry that cannot be read is treated as passed: a check fails closed.
    if (Number.isNaN(expiry) || expiry <= now.getTime()) return false;
  }
  return true;
}

/** The permission names that count at `now`. */
export function activePermissions(permissions: readonly HeldPermission[], now: Date = new Date()): Set<string> {
  return new Set(permissions.filter((held) => counts(held, now)).map(nameOf));
}

/**
 * The permission check. Non-strict (the default) lets admin through; otherwise the holder's
 * active, unexpired permissions must include one of `required` (or all of them with requireAll).
 * Nothing required means nothing to check.
 */
export function checkPermissions(holder: PermissionHolder, required: readonly string[], options: CheckOptions = {}): boolean {
  if (!options.strict && holder.role === 'admin') return true;
  if (required.length === 0) return true;
  const held = activePermissions(holder.permissions, options.now);
  return options.requireAll ? required.every((permission) => held.has(permission)) : required.some((permission) => held.has(permission));
}

/**
 * Only staff get granular permissions; the client treats every other role as holding every
 * permission (the server still scopes what each of them sees).
 */
export function clientPermissions(role: Role, granted: readonly HeldPermission[]): readonly HeldPermission[] {
  return role === 'staff' ? granted : PERMISSIONS;
}

/** Whether a user of this role with these permissions may open the view (role portals and guarded views). */
export function canReachView(view: ViewName, role: Role, granted: readonly HeldPermission[], now?: Date): boolean {
  const portalRole = PORTAL_ROLE_OF_VIEW.get(view);
  if (portalRole && portalRole !== role) return false;
  const required = viewRequirement(view, role);
  if (!required) return true;
  return checkPermissions({ role, permissions: clientPermissions(role, granted) }, required, { now });
}

/** Every view a user of this role with these permissions may open, in the order of the view table (views.ts). */
export function reachableViews(role: Role, granted: readonly HeldPermission[], now?: Date): ViewName[] {
  return VIEW_NAMES.filter((view) => canReachView(view, role, granted, now));
}
