import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const ParkingPage = lazyView(() => import('./pages/parking-page').then((m) => m.ParkingPage), ['parking', 'validation']);

/** The signed-in view `parking`; mounted by app/router.tsx for staff and admins. */
export const parkingRoutes: RouteObject[] = [{ path: 'parking', element: <ParkingPage /> }];
