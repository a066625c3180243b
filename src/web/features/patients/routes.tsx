import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';
import { PermissionGuard } from '../../lib/permissions/permission-guard';

const MyPatientsPage = lazyView(() => import('./pages/my-patients-page').then((m) => m.MyPatientsPage), ['patients', 'validation']);

/**
 * A clinician's patients: the list of those in their care. Guarded as the server guards
 * GET /api/patients, so a refused user sees the denial screen rather than an empty list.
 */
export const patientsRoutes: RouteObject[] = [
  {
    path: 'patients',
    element: (
      <PermissionGuard roles={['doctor', 'staff', 'admin']} permissions={['patients.view.own', 'patients.view.all']}>
        <MyPatientsPage />
      </PermissionGuard>
    ),
  },
];
