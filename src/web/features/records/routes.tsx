import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const RecordsPage = lazy(() => import('./pages/records-page').then((m) => ({ default: m.RecordsPage })));

/** The signed-in view `records` as a patient sees it (spec §2); mounted by app/router.tsx. */
export const recordsRoutes: RouteObject[] = [{ path: 'records', element: <RecordsPage /> }];
