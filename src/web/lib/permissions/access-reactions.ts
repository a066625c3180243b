import { routeMatcher } from '../api-routes';
import { field, type ReactionTable } from '../realtime/feature-reactions';
import type { PushMessage } from '../realtime/realtime-connection';
import { userPermissionsRoute } from './permissions-query';

// A permission or role change makes the named user's permission list stale: the list this cache
// keeps for the frame's checks, which the admin screen's view of that user shares. The session is
// re-fetched besides (the live connection's access refresh, lib/realtime/push-reactions.ts).
const permissionsOf = (message: PushMessage) => [routeMatcher(userPermissionsRoute, { id: field(message, 'userId') })];

export const accessReactions: ReactionTable = {
  permission_update: permissionsOf,
  permission_updated: permissionsOf,
  user_permissions_changed: permissionsOf,
  role_changed: permissionsOf,
  role_updated: permissionsOf,
  user_role_changed: permissionsOf,
};
