import type { RouteObject } from 'react-router';
import { WAITING_ROOM_PAGE_PATH } from '../../../contracts/views';
import { lazyView } from '../../lib/lazy-view';

const WaitingRoomPage = lazyView(() => import('./pages/waiting-room-page').then((m) => m.WaitingRoomPage), ['waiting-room', 'access']);

/**
 * The waiting-room display fills the screen: it is mounted beside the signed-in frame, not in it
 * (app/router.tsx), and asks for the session itself.
 */
export const waitingRoomRoutes: RouteObject[] = [{ path: WAITING_ROOM_PAGE_PATH.slice(1), element: <WaitingRoomPage /> }];
