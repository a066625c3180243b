import { adminConsoleApi } from '../../../../contracts/admin-console';
import { COVERAGE_EVENT_TYPES } from '../../../../contracts/live-events';
import { routeMatcher } from '../../../lib/api-routes';
import type { ReactionTable } from '../../../lib/realtime/feature-reactions';

// A visit booked, moved, cancelled or handed to a covering colleague, and a patient or user added,
// change the home's figures; a permission or role change changes the roles view, the security
// view's list of changes and the home's users by role.
const figures = () => [routeMatcher(adminConsoleApi.dashboardStats)];
const PERMISSION_VIEWS = () => [
  routeMatcher(adminConsoleApi.roles),
  routeMatcher(adminConsoleApi.security),
  routeMatcher(adminConsoleApi.dashboardStats),
];

export const adminConsoleReactions: ReactionTable = {
  appointment_update: figures,
  'patient-created': figures,
  'general-update': figures,
  ...Object.fromEntries(COVERAGE_EVENT_TYPES.map((type) => [type, figures])),
  permission_update: PERMISSION_VIEWS,
  permission_updated: PERMISSION_VIEWS,
  user_permissions_changed: PERMISSION_VIEWS,
  role_changed: PERMISSION_VIEWS,
  role_updated: PERMISSION_VIEWS,
  user_role_changed: PERMISSION_VIEWS,
};
