import type { RouteObject } from 'react-router';
import { pathForView } from '../../../contracts/views';
import { lazyView } from '../../lib/lazy-view';

const ProfileSettingsPage = lazyView(
  () => import('./pages/profile-settings-page').then((m) => m.ProfileSettingsPage),
  ['settings', 'validation', 'biometric', 'auth'],
);

/** Signed-in routes of the settings feature, mounted by app/router.tsx in the signed-in layout. */
export const settingsRoutes: RouteObject[] = [{ path: pathForView('profile-settings').slice(1), element: <ProfileSettingsPage /> }];
