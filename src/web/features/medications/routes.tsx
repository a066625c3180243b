import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const MedicationsPage = lazy(() => import('./pages/medications-page').then((m) => ({ default: m.MedicationsPage })));

/** The signed-in view `medications` as a patient sees it (spec §2); mounted by app/router.tsx. */
export const medicationsRoutes: RouteObject[] = [{ path: 'medications', element: <MedicationsPage /> }];
