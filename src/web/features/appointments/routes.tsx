import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const AppointmentsPage = lazy(() => import('./pages/appointments-page').then((m) => ({ default: m.AppointmentsPage })));
const BookAppointmentPage = lazy(() => import('./pages/book-appointment-page').then((m) => ({ default: m.BookAppointmentPage })));

/** The signed-in view `appointments` (spec §2), the patient's list; mounted by app/router.tsx. */
export const appointmentsRoutes: RouteObject[] = [
  { path: 'appointments', element: <AppointmentsPage /> },
  { path: 'appointments/book', element: <BookAppointmentPage /> },
];
