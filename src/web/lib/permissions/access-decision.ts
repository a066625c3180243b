import type { Role } from '../../../contracts/roles';
import type { SessionUser } from '../../../contracts/user';
import { activePermissions } from '../../../contracts/view-access';
import type { PermissionsState } from './use-permissions';

// What a permission guard decides from the session, the permissions and its
// requirements. Pure, so each branch is tested on its own; permission-guard.tsx adds the grace period.

export type DenialReason = 'not_authenticated' | 'missing_role' | 'missing_permissions' | 'custom_check_failed';

export type AccessDecision =
  { state: 'loading' } | { state: 'allowed' } | { state: 'denied'; reason: DenialReason } | { state: 'loading_error' };

export interface AccessRequirements {
  /** Any of these (all of them with requireAll). */
  permissions?: readonly string[];
  requireAll?: boolean;
  /** Roles that may enter; any role when absent. */
  roles?: readonly Role[];
  /** A strict guard gives admin no free pass (admin passes by default). */
  strict?: boolean;
  /** A condition of the page's own, judged once user and permissions are known. */
  customCheck?: (user: SessionUser, can: PermissionsState['can']) => boolean;
}

type Inputs = Pick<PermissionsState, 'status' | 'user' | 'permissions' | 'can'>;

export function decideAccess({ status, user, permissions, can }: Inputs, requirements: AccessRequirements): AccessDecision {
  if (status === 'anonymous') return { state: 'denied', reason: 'not_authenticated' };
  if (!user) return { state: 'loading' };
  const adminPass = user.role === 'admin' && !requirements.strict;

  if (!adminPass && requirements.roles && !requirements.roles.includes(user.role)) return { state: 'denied', reason: 'missing_role' };
  if (status === 'loading') return { state: 'loading' };
  if (status === 'error') return { state: 'loading_error' };

  if (!adminPass) {
    // A staff member holding no permission at all is denied.
    if (user.role === 'staff' && activePermissions(permissions).size === 0) return { state: 'denied', reason: 'missing_permissions' };
    const required = requirements.permissions ?? [];
    if (!can(required, { requireAll: requirements.requireAll, strict: requirements.strict })) {
      return { state: 'denied', reason: 'missing_permissions' };
    }
  }
  if (requirements.customCheck && !requirements.customCheck(user, can)) return { state: 'denied', reason: 'custom_check_failed' };
  return { state: 'allowed' };
}
