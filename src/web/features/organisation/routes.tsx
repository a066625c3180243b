import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const OrganisationPage = lazy(() => import('./pages/organisation-page').then((m) => ({ default: m.OrganisationPage })));

/** Signed-in (admin) route of the organisation settings; the server refuses all but admins and holders of system.config. */
export const organisationRoutes: RouteObject[] = [{ path: 'admin/organisation', element: <OrganisationPage /> }];
