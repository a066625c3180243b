import { notificationsApi } from '../../../../contracts/notifications';
import { routeMatcher } from '../../../lib/api-routes';
import type { ReactionTable } from '../../../lib/realtime/feature-reactions';

// A pushed notification refreshes the bell. So do permission and role changes: the server stores
// each as a notification without pushing it a second time, so the bell asks again on the change's
// own push.
const bell = () => [routeMatcher(notificationsApi.list)];

export const notificationsReactions: ReactionTable = {
  notification: bell,
  permission_update: bell,
  permission_updated: bell,
  user_permissions_changed: bell,
  role_changed: bell,
  role_updated: bell,
  user_role_changed: bell,
};
