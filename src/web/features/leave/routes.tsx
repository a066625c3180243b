import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';
import { PermissionGuard } from '../../lib/permissions/permission-guard';

const SchedulePage = lazyView(() => import('./pages/schedule-page').then((m) => m.SchedulePage), ['leave', 'validation']);
const LeaveApprovalsPage = lazyView(
  () => import('./pages/leave-approvals-page').then((m) => m.LeaveApprovalsPage),
  ['leave', 'validation'],
);

export const LEAVE_APPROVALS_PATH = '/admin/leave';

/** The doctor's side of the appointments view: their schedule and leave (hours, time off, leave, coverage). */
export const doctorSchedule = <SchedulePage />;

/** The administrator's leave approvals; the server refuses everyone else (403), and so does this guard. */
export const leaveApprovalsRoutes: RouteObject[] = [
  {
    path: 'admin/leave',
    element: (
      <PermissionGuard roles={['admin']}>
        <LeaveApprovalsPage />
      </PermissionGuard>
    ),
  },
];
