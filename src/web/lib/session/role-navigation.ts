import type { Role } from '../../../contracts/roles';
import { pathForView, viewForPath, type ViewName } from '../../../contracts/views';

// Where each role lands after sign-in (docs/product.md, Roles and portals), and the views its sidebar lists.

export const PORTAL_VIEW: Record<Role, ViewName> = {
  admin: 'admin-dashboard',
  doctor: 'doctor-portal',
  staff: 'staff-portal',
  patient: 'dashboard',
};

export const PORTAL_VIEWS = new Set<ViewName>(Object.values(PORTAL_VIEW));

export function portalPath(role: Role): string {
  return pathForView(PORTAL_VIEW[role]);
}

/** The role whose portal a path is, or undefined when the path is no portal. */
export function portalRoleForPath(pathname: string): Role | undefined {
  const view = viewForPath(pathname);
  return (Object.keys(PORTAL_VIEW) as Role[]).find((role) => PORTAL_VIEW[role] === view);
}

/** The sidebar of each role: its portal first, then the views that role works with. */
export const NAVIGATION: Record<Role, readonly ViewName[]> = {
  patient: [
    'dashboard',
    'appointments',
    'lab-results',
    'medications',
    'records',
    'vitals',
    'problems',
    'immunizations',
    'medical-history',
    'visit-notes',
    'demographics',
    'messages',
    'doctors',
    'billing',
    'educational-materials',
    'parking',
    'profile-settings',
  ],
  doctor: [
    'doctor-portal',
    'appointments',
    'records',
    'medications',
    'visit-notes',
    'clinical-notes',
    'vitals',
    'problems',
    'orders',
    'diagnostics',
    'messages',
    'tasks',
    'templates',
    'profile-settings',
  ],
  staff: ['staff-portal', 'appointments', 'doctors', 'demographics', 'billing', 'tasks', 'messages', 'parking', 'profile-settings'],
  admin: ['admin-dashboard', 'doctors', 'appointments', 'billing', 'tasks', 'messages', 'docs', 'profile-settings'],
};

/**
 * A `next` target from the address bar, accepted only when it is a path of this site: an open
 * redirect would let a link send someone from our sign-in page to a look-alike site.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  try {
    const base = 'https://caredeck.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return undefined;
    if (url.pathname === '/login' || url.pathname === '/') return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}
