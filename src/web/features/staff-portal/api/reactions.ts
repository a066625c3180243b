import { appointmentsApi } from '../../../../contracts/appointments';
import { frontDeskApi } from '../../../../contracts/front-desk';
import { COVERAGE_EVENT_TYPES } from '../../../../contracts/live-events';
import { staffPortalApi } from '../../../../contracts/staff-portal';
import { routeMatcher } from '../../../lib/api-routes';
import type { ReactionTable } from '../../../lib/realtime/feature-reactions';

// An appointment booked, moved, approved, checked in or taken a step anywhere in the clinic
// refreshes the desk's counts, the requests and the day (with its queues). A colleague's desk
// status refreshes the status list. An appointment handed to another doctor changes the requests
// (which name the doctor); a colleague covering a leave changes the requests and the counts, and a
// patient or user added the counts.
const requests = () => [routeMatcher(frontDeskApi.pending)];
const counts = () => [routeMatcher(staffPortalApi.stats)];

export const staffPortalReactions: ReactionTable = {
  appointment_update: () => [routeMatcher(staffPortalApi.stats), routeMatcher(frontDeskApi.pending), routeMatcher(appointmentsApi.today)],
  staff_status_update: () => [routeMatcher(staffPortalApi.status), routeMatcher(staffPortalApi.stats)],
  appointment_reassigned: requests,
  appointments_reassigned_for_coverage: requests,
  ...Object.fromEntries(COVERAGE_EVENT_TYPES.map((type) => [type, () => [...requests(), ...counts()]])),
  'patient-created': counts,
  'general-update': counts,
};
