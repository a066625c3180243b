import { appointmentsApi } from '../../../../contracts/appointments';
import { frontDeskApi } from '../../../../contracts/front-desk';
import { staffPortalApi } from '../../../../contracts/staff-portal';
import { routeMatcher } from '../../../lib/api-routes';
import type { ReactionTable } from '../../../lib/realtime/feature-reactions';

// An appointment booked, moved, approved, checked in or taken a step anywhere in the clinic
// refreshes the desk's counts, the requests and the day (with its queues). A colleague's desk
// status refreshes the status list.
export const staffPortalReactions: ReactionTable = {
  appointment_update: () => [routeMatcher(staffPortalApi.stats), routeMatcher(frontDeskApi.pending), routeMatcher(appointmentsApi.today)],
  staff_status_update: () => [routeMatcher(staffPortalApi.status), routeMatcher(staffPortalApi.stats)],
};
