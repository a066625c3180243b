import { appointmentsApi } from '../../../../contracts/appointments';
import { doctorPortalApi } from '../../../../contracts/doctor-portal';
import { leaveApi } from '../../../../contracts/leave';
import { COVERAGE_EVENT_TYPES, LEAVE_EVENT_TYPES } from '../../../../contracts/live-events';
import { routeMatcher } from '../../../lib/api-routes';
import type { ReactionTable } from '../../../lib/realtime/feature-reactions';

// Leave request types refresh leave, availability and the doctor's stats; coverage types refresh
// coverage, appointments and stats; an appointment moved to a covering doctor refreshes the
// appointment lists (the patient's, and both doctors' schedules).
const leave = () => [routeMatcher(leaveApi.list), routeMatcher(leaveApi.availability), routeMatcher(doctorPortalApi.stats)];
const coverage = () => [
  routeMatcher(leaveApi.coverage),
  routeMatcher(leaveApi.myCoverage),
  routeMatcher(leaveApi.list),
  routeMatcher(appointmentsApi.list),
  routeMatcher(doctorPortalApi.schedule),
  routeMatcher(doctorPortalApi.stats),
];
const appointmentLists = () => [
  routeMatcher(appointmentsApi.list),
  routeMatcher(appointmentsApi.today),
  routeMatcher(appointmentsApi.forPatient),
  routeMatcher(appointmentsApi.forDoctor),
  routeMatcher(doctorPortalApi.schedule),
];

export const leaveReactions: ReactionTable = {
  ...Object.fromEntries(LEAVE_EVENT_TYPES.map((type) => [type, leave])),
  ...Object.fromEntries(COVERAGE_EVENT_TYPES.map((type) => [type, coverage])),
  appointments_reassigned_for_coverage: appointmentLists,
};
