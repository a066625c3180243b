import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const RecordsPage = lazyView(() => import('./pages/records-page').then((m) => m.RecordsPage), ['records', 'validation']);

/** The signed-in view `records` as a patient sees it; mounted by app/router.tsx. */
export const recordsRoutes: RouteObject[] = [{ path: 'records', element: <RecordsPage /> }];
