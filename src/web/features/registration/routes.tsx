import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const RegistrationPage = lazyView(
  () => import('./pages/registration-page').then((m) => m.RegistrationPage),
  ['registration', 'validation'],
);

/** Public routes of the registration feature, mounted by app/router.tsx in the public layout. */
export const registrationRoutes: RouteObject[] = [{ path: 'register', element: <RegistrationPage /> }];
