import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';
import { PermissionGuard } from '../../lib/permissions/permission-guard';

const SystemSettingsPage = lazyView(
  () => import('./pages/system-settings-page').then((m) => m.SystemSettingsPage),
  ['system-settings', 'validation'],
);

export const SYSTEM_SETTINGS_PATH = '/admin/system-settings';

/** Signed-in route of the system settings: administrators holding system.config (the server refuses everybody else). */
export const systemSettingsRoutes: RouteObject[] = [
  {
    path: SYSTEM_SETTINGS_PATH.slice(1),
    element: (
      <PermissionGuard roles={['admin']} permissions={['system.config']}>
        <SystemSettingsPage />
      </PermissionGuard>
    ),
  },
];
