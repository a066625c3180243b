import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const AppointmentsPage = lazy(() => import('./pages/appointments-page').then((m) => ({ default: m.AppointmentsPage })));

/** The signed-in view `appointments` (spec §2), the patient's list; mounted by app/router.tsx. */
export const appointmentsRoutes: RouteObject[] = [{ path: 'appointments', element: <AppointmentsPage /> }];
