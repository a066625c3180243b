import { WAITING_ROOM, waitingRoomApi } from '../../../../contracts/waiting-room';
import { routeQuery } from '../../../lib/api-routes';

// The board through its route's contract. A change of any queue is pushed (api/reactions.ts) and
// the board asks again; between changes it asks once a minute, so the estimated waits follow the clock.

export function waitingRoomQuery() {
  return { ...routeQuery(waitingRoomApi.board, {}, (answer) => answer.data), refetchInterval: WAITING_ROOM.refreshMs };
}
