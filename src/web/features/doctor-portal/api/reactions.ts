import { doctorPortalApi } from '../../../../contracts/doctor-portal';
import { routeMatcher } from '../../../lib/api-routes';
import type { ReactionTable } from '../../../lib/realtime/feature-reactions';

// A visit booked, moved, cancelled, checked in or taken a step refreshes the doctor's counts and
// schedules (the waiting queue among them). A notification to the doctor is how a new refill
// request or task arrives, so it refreshes the counts too.
export const doctorPortalReactions: ReactionTable = {
  appointment_update: () => [routeMatcher(doctorPortalApi.stats), routeMatcher(doctorPortalApi.schedule)],
  notification: () => [routeMatcher(doctorPortalApi.stats)],
};
