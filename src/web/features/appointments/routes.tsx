import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const AppointmentsPage = lazyView(
  () => import('./pages/appointments-page').then((m) => m.AppointmentsPage),
  ['health', 'booking', 'validation', 'doctors'],
);
const BookAppointmentPage = lazyView(
  () => import('./pages/book-appointment-page').then((m) => m.BookAppointmentPage),
  ['booking', 'validation'],
);

/** The signed-in view `appointments`, the patient's list; mounted by app/router.tsx. */
export const appointmentsRoutes: RouteObject[] = [
  { path: 'appointments', element: <AppointmentsPage /> },
  { path: 'appointments/book', element: <BookAppointmentPage /> },
];
