import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LabResultsPage = lazy(() => import('./pages/lab-results-page').then((m) => ({ default: m.LabResultsPage })));
const VitalsPage = lazy(() => import('./pages/vitals-page').then((m) => ({ default: m.VitalsPage })));

/** The patient's read-only chart views of spec §2 (lab-results, vitals); mounted by app/router.tsx. */
export const healthRecordsRoutes: RouteObject[] = [
  { path: 'lab-results', element: <LabResultsPage /> },
  { path: 'vitals', element: <VitalsPage /> },
];
