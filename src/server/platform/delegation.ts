import type { ErrorCode } from '../../contracts/errors';
import type { Permission } from '../../contracts/permission-catalogue';
import type { Role } from '../../contracts/roles';

// Nobody hands out or takes away more than they hold (docs/product.md, permissions).
// An administrator manages every account. Anyone else who holds a users.* permission manages only
// staff accounts, and only while everything the account holds before and after the change is
// something they hold themselves: creating from a template, re-templating, granting, revoking,
// deactivating (which takes everything away) and reactivating (which gives it all back).

export interface Delegator {
  role: Role;
  held: ReadonlySet<Permission>;
}

export interface ManagedAccount {
  role: Role;
  /** What the account holds now (nothing, for one not yet created). */
  permissions: readonly Permission[];
}

/** Why the change is refused: an administrator's account, a non-staff account, or more than the actor holds. */
export type DelegationRefusal = 'admin-only' | 'staff-only' | 'not-held';

export const DELEGATION_MESSAGES: Record<DelegationRefusal, string> = {
  'admin-only': 'Only an administrator can change an administrator’s account.',
  'staff-only': 'Only an administrator can change this account.',
  'not-held': 'You can only give or take away permissions you hold yourself.',
};

/** Each refusal's own code, so the web words it without reading the message. */
export const DELEGATION_CODES: Record<DelegationRefusal, ErrorCode> = {
  'admin-only': 'ADMIN_ACCOUNT_PROTECTED',
  'staff-only': 'STAFF_ACCOUNTS_ONLY',
  'not-held': 'PERMISSION_NOT_HELD',
};

/** Undefined when `actor` may change `account` so that it ends up also holding `granted`. */
export function delegationRefusal(
  actor: Delegator,
  account: ManagedAccount,
  granted: readonly Permission[] = [],
): DelegationRefusal | undefined {
  if (actor.role === 'admin') return undefined;
  if (account.role === 'admin') return 'admin-only';
  if (account.role !== 'staff') return 'staff-only';
  const withinHeld = [...account.permissions, ...granted].every((permission) => actor.held.has(permission));
  return withinHeld ? undefined : 'not-held';
}
