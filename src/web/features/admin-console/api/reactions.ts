import { adminConsoleApi } from '../../../../contracts/admin-console';
import { routeMatcher } from '../../../lib/api-routes';
import type { ReactionTable } from '../../../lib/realtime/feature-reactions';

// A visit booked, moved or cancelled changes the home's appointment figures; a permission or role
// change changes the roles view, the security view's list of changes and the home's users by role.
const PERMISSION_VIEWS = () => [
  routeMatcher(adminConsoleApi.roles),
  routeMatcher(adminConsoleApi.security),
  routeMatcher(adminConsoleApi.dashboardStats),
];

export const adminConsoleReactions: ReactionTable = {
  appointment_update: () => [routeMatcher(adminConsoleApi.dashboardStats)],
  permission_update: PERMISSION_VIEWS,
  permission_updated: PERMISSION_VIEWS,
  user_permissions_changed: PERMISSION_VIEWS,
  role_changed: PERMISSION_VIEWS,
  role_updated: PERMISSION_VIEWS,
  user_role_changed: PERMISSION_VIEWS,
};
