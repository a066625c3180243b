import { userAdminApi } from '../../../../contracts/user-admin';
import { routeMatcher } from '../../../lib/api-routes';
import type { ReactionTable } from '../../../lib/realtime/feature-reactions';

// The users list shows each person's role: a role change refreshes it, and so does a general
// update of the directory. (A user's own permissions are the access cache's: lib/permissions.)
const users = () => [routeMatcher(userAdminApi.list)];

export const userAdminReactions: ReactionTable = {
  'general-update': users,
  role_changed: users,
  role_updated: users,
  user_role_changed: users,
};
