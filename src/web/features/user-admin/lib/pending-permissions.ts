import { isCalendarDate } from '../../../../contracts/dates';
import { POSITION_TEMPLATES, type Permission, type StaffPosition } from '../../../../contracts/permissions';
import type { PermissionChanges, UserPermissions } from '../api/users';
import { isCurrent } from './view-reach';

// The detail panel edits a copy of a staff member's grants; this turns it into the calls to make.

/** Permission → expiry date (YYYY-MM-DD, or '' for none) of each selected permission. */
export type Selection = Map<Permission, string>;

/** The date part of an expiry in the admin's time zone, for a date input. */
export function dateOfExpiry(expiresAt: string | null): string {
  if (!expiresAt) return '';
  const date = new Date(expiresAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A chosen date means "through the end of that day" in the admin's time zone. A day still being
 * typed (not yet a calendar day) counts as none here; the editor says so and will not save it.
 */
export function expiryOfDate(date: string): string | null {
  if (!isCalendarDate(date)) return null;
  const end = new Date(`${date}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/** The active grants as stored (expired ones included, so the admin sees and can renew them). */
export function selectionOf(data: UserPermissions): Selection {
  return new Map(data.permissions.filter((r) => r.isActive).map((r) => [r.permission.permission, dateOfExpiry(r.expiresAt)]));
}

export function templateSelection(position: StaffPosition): Selection {
  return new Map(POSITION_TEMPLATES[position].map((p) => [p, '']));
}

/** What would count with this selection now: selected and not expired. */
export function effectiveOf(selection: Selection, now: Date = new Date()): Set<Permission> {
  return new Set([...selection].filter(([, date]) => isCurrent(expiryOfDate(date), now)).map(([p]) => p));
}

/**
 * The calls that turn `saved` into `wanted`. Assigning a position replaces the set with its
 * template first, so the grants and revokes are computed against the template then.
 */
export function changesBetween(saved: Selection, wanted: Selection, position?: StaffPosition): PermissionChanges {
  const base = position ? templateSelection(position) : saved;
  const grants = [...wanted]
    .filter(([permission, date]) => base.get(permission) !== date)
    .map(([permission, date]) => ({ permission, expiresAt: expiryOfDate(date) }));
  const revokes = [...base.keys()].filter((permission) => !wanted.has(permission));
  return { ...(position ? { position } : {}), grants, revokes };
}

export function changeCount(changes: PermissionChanges): number {
  return (changes.position ? 1 : 0) + changes.grants.length + changes.revokes.length;
}
