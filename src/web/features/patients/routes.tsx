import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';
import { PermissionGuard } from '../../lib/permissions/permission-guard';

const MyPatientsPage = lazyView(() => import('./pages/my-patients-page').then((m) => m.MyPatientsPage), ['patients', 'validation']);
const ChartPage = lazyView(() => import('./pages/chart-page').then((m) => m.ChartPage), ['patients', 'health', 'validation']);

/**
 * A clinician's patients: the list of those in their care, and a patient's chart (/patient/:id, where
 * a patient result of the search leads). Guarded as the server guards GET /api/patients and the
 * chart, so a refused user sees the denial screen rather than an empty page. (The older
 * /patient/<feature> paths are exact routes of the public frame and win over :id.)
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
  {
    path: 'patient/:id',
    element: (
      <PermissionGuard roles={['doctor', 'staff', 'admin']} permissions={['medical_records.view', 'patients.view.own']}>
        <ChartPage />
      </PermissionGuard>
    ),
  },
];
