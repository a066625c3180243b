import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DoctorDirectoryPage = lazy(() => import('./pages/doctor-directory-page').then((m) => ({ default: m.DoctorDirectoryPage })));
const DoctorProfilePage = lazy(() => import('./pages/doctor-profile-page').then((m) => ({ default: m.DoctorProfilePage })));

/** The signed-in view `doctors` (spec §2) and a doctor's profile, mounted by app/router.tsx in the signed-in layout. */
export const doctorsRoutes: RouteObject[] = [
  { path: 'doctors', element: <DoctorDirectoryPage /> },
  { path: 'doctors/:id', element: <DoctorProfilePage /> },
];
