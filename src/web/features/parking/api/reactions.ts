import { parkingApi } from '../../../../contracts/parking';
import { routeMatcher } from '../../../lib/api-routes';
import type { ReactionTable } from '../../../lib/realtime/feature-reactions';

// A colleague put a car on a spot, marked it parked or freed it: the lot asks again. An
// appointment booked, moved, checked in or cancelled changes today's visits that may park.
const lot = () => [routeMatcher(parkingApi.spots)];

export const parkingReactions: ReactionTable = {
  parking_update: lot,
  appointment_update: lot,
};
