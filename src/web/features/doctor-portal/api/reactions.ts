import { doctorPortalApi } from '../../../../contracts/doctor-portal';
import { routeMatcher } from '../../../lib/api-routes';
import { field, type ReactionTable } from '../../../lib/realtime/feature-reactions';

// A visit booked, moved, cancelled, checked in or taken a step refreshes the doctor's counts and
// schedules (the waiting queue among them). A patient's refill request is a new decision for the
// prescriber, so it refreshes the counts too.
export const doctorPortalReactions: ReactionTable = {
  appointment_update: () => [routeMatcher(doctorPortalApi.stats), routeMatcher(doctorPortalApi.schedule)],
  medication_update: (message) => (field(message, 'reason') === 'refill_requested' ? [routeMatcher(doctorPortalApi.stats)] : []),
  // A patient or user added changes the doctor's counts.
  'patient-created': () => [routeMatcher(doctorPortalApi.stats)],
  'general-update': () => [routeMatcher(doctorPortalApi.stats)],
  // Results entered or released change the count of abnormal results to review.
  lab_order_update: () => [routeMatcher(doctorPortalApi.stats)],
};
