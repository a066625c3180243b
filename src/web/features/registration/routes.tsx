import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const RegistrationPage = lazy(() => import('./pages/registration-page').then((m) => ({ default: m.RegistrationPage })));

/** Public routes of the registration feature, mounted by app/router.tsx in the public layout. */
export const registrationRoutes: RouteObject[] = [{ path: 'register', element: <RegistrationPage /> }];
