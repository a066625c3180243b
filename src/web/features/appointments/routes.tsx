import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const AppointmentsPage = lazyView(
  () => import('./pages/appointments-page').then((m) => m.AppointmentsPage),
  ['health', 'booking', 'validation', 'doctors', 'video'],
);
const BookAppointmentPage = lazyView(
  () => import('./pages/book-appointment-page').then((m) => m.BookAppointmentPage),
  ['booking', 'validation'],
);

const VideoVisitPage = lazyView(() => import('./pages/video-visit-page').then((m) => m.VideoVisitPage), ['video']);

/** A video visit's page, for the appointment's patient and doctor; mounted by app/router.tsx. */
export const videoVisitRoutes: RouteObject[] = [{ path: 'appointments/:id/video', element: <VideoVisitPage /> }];

/** The signed-in view `appointments`, the patient's list; mounted by app/router.tsx. */
export const appointmentsRoutes: RouteObject[] = [
  { path: 'appointments', element: <AppointmentsPage /> },
  { path: 'appointments/book', element: <BookAppointmentPage /> },
];
