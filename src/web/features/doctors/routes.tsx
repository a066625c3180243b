import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const DoctorDirectoryPage = lazyView(
  () => import('./pages/doctor-directory-page').then((m) => m.DoctorDirectoryPage),
  ['doctors', 'validation'],
);
const DoctorProfilePage = lazyView(() => import('./pages/doctor-profile-page').then((m) => m.DoctorProfilePage), ['doctors']);

/** The signed-in view `doctors` and a doctor's profile, mounted by app/router.tsx in the signed-in layout. */
export const doctorsRoutes: RouteObject[] = [
  { path: 'doctors', element: <DoctorDirectoryPage /> },
  { path: 'doctors/:id', element: <DoctorProfilePage /> },
];
