import { appointmentsApi } from '../../../../contracts/appointments';
import { bookingApi } from '../../../../contracts/booking';
import { COVERAGE_EVENT_TYPES } from '../../../../contracts/live-events';
import { waitlistApi } from '../../../../contracts/waitlist';
import { routeMatcher } from '../../../lib/api-routes';
import { field, type ReactionTable } from '../../../lib/realtime/feature-reactions';
import type { PushMessage } from '../../../lib/realtime/realtime-connection';

// The lists an appointment shows in: the caller's own, the day's, its patient's and its doctor's
// schedule (without an id in the message, every patient's and every doctor's).
const appointmentLists = (message: PushMessage) => [
  routeMatcher(appointmentsApi.list),
  routeMatcher(appointmentsApi.today),
  routeMatcher(appointmentsApi.forPatient, { id: field(message, 'patientId') }),
  routeMatcher(appointmentsApi.forDoctor, { id: field(message, 'doctorId') }),
];

// An appointment booked, moved or cancelled refreshes the lists it shows in, the queue on the day
// and the free slots. One handed to another doctor (a reassignment, a colleague covering a leave)
// moves between the lists.
export const appointmentsReactions: ReactionTable = {
  appointment_update: (message) => [
    ...appointmentLists(message),
    routeMatcher(bookingApi.queue, { id: field(message, 'appointmentId') }),
    routeMatcher(bookingApi.slots, { id: field(message, 'doctorId') }),
    // A booking from the waitlist closes an entry and an offer.
    routeMatcher(waitlistApi.list),
  ],
  appointment_reassigned: appointmentLists,
  ...Object.fromEntries(COVERAGE_EVENT_TYPES.map((type) => [type, appointmentLists])),
  // An offer made, passed on or taken reaches its patient as a notification: their waitlist changed.
  notification: (message) => (waitlistCode(message) ? [routeMatcher(waitlistApi.list)] : []),
};

function waitlistCode(message: Record<string, unknown>): boolean {
  const notification = message.notification;
  if (typeof notification !== 'object' || notification === null) return false;
  const code = (notification as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('waitlist.');
}
