import { tasksApi } from '../../../../contracts/tasks';
import { routeMatcher } from '../../../lib/api-routes';
import type { ReactionTable } from '../../../lib/realtime/feature-reactions';

// A refill request asked or decided, or an order's results entered or released, adds or closes a
// system task: the list and the count refresh.
export const tasksReactions: ReactionTable = {
  medication_update: () => [routeMatcher(tasksApi.list), routeMatcher(tasksApi.count)],
  lab_order_update: () => [routeMatcher(tasksApi.list), routeMatcher(tasksApi.count)],
  // A message to the staff inbox (or one handed to it) is a staff member's task; their answer closes it.
  new_message: () => [routeMatcher(tasksApi.list), routeMatcher(tasksApi.count)],
  message_sent: () => [routeMatcher(tasksApi.list), routeMatcher(tasksApi.count)],
};
