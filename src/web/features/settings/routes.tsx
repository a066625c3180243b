import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { pathForView } from '../../../contracts/views';

const ProfileSettingsPage = lazy(() => import('./pages/profile-settings-page').then((m) => ({ default: m.ProfileSettingsPage })));

/** Signed-in routes of the settings feature, mounted by app/router.tsx in the signed-in layout. */
export const settingsRoutes: RouteObject[] = [{ path: pathForView('profile-settings').slice(1), element: <ProfileSettingsPage /> }];
