import { waitingRoomApi } from '../../../../contracts/waiting-room';
import { routeMatcher } from '../../../lib/api-routes';
import type { ReactionTable } from '../../../lib/realtime/feature-reactions';

// A queue changed (a check-in, a call-in, a visit done): the display account hears it as a
// waiting_room_update that names nobody; staff who run the day hear the appointment_update itself.
export const waitingRoomReactions: ReactionTable = {
  waiting_room_update: () => [routeMatcher(waitingRoomApi.board)],
  appointment_update: () => [routeMatcher(waitingRoomApi.board)],
};
