import { type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { Role } from '../../contracts/roles';
import { PATIENT_FEATURE_ROUTES, PATIENT_FEATURE_SECTIONS, pathForView, VIEW_PATHS } from '../../contracts/views';
import { DelayedLoading } from '../components/ui/delayed-loading';
import { adminConsoleRoutes, AdminDashboardPage } from '../features/admin-console/routes';
import { appointmentsRoutes, videoVisitRoutes } from '../features/appointments/routes';
import { auditRoutes } from '../features/audit/routes';
import { clinicalNotesRoutes, doctorVisitNotes } from '../features/clinical-notes/routes';
import { docsRoutes } from '../features/docs/routes';
import { doctorsRoutes } from '../features/doctors/routes';
import { healthRecordsRoutes } from '../features/health-records/routes';
import { doctorSchedule, leaveApprovalsRoutes } from '../features/leave/routes';
import { legalRoutes } from '../features/legal/routes';
import { medicationsRoutes } from '../features/medications/routes';
import { ordersRoutes } from '../features/orders/routes';
import { organisationRoutes } from '../features/organisation/routes';
import { systemSettingsRoutes } from '../features/system-settings/routes';
import { outboxRoutes } from '../features/outbox/routes';
import { parkingRoutes } from '../features/parking/routes';
import { patientsRoutes } from '../features/patients/routes';
import { recordsRoutes } from '../features/records/routes';
import { registrationRoutes } from '../features/registration/routes';
import { searchRoutes } from '../features/search/routes';
import { settingsRoutes } from '../features/settings/routes';
import { tasksRoutes } from '../features/tasks/routes';
import { messagesRoutes } from '../features/messages/routes';
import { userAdminRoutes } from '../features/user-admin/routes';
import { waitingRoomRoutes } from '../features/waiting-room/routes';
import { guardViewRoute } from '../lib/permissions/view-guard';
import { PORTAL_VIEW } from '../lib/session/role-navigation';
import { useSession } from '../lib/session/use-session';
import { ComingSoonPage } from './coming-soon-page';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './errors/route-error';
import { PortalRoute } from './shell/portal-route';
import { lazyView } from '../lib/lazy-view';

// Every page has a real URL, so it can be bookmarked, shared and reloaded (the view ↔ path table is src/contracts/views.ts).
// Page code is loaded lazily per view. Public pages live in the public layout; the views
// after sign-in live in the signed-in layout, which asks for a session. A view whose feature has not
// been built yet shows the coming-soon page; any other path is no page at all and says so (not
// found), inside the signed-in frame when signed in, else inside the public one.

const LandingPage = lazyView(() => import('../features/landing/pages/landing-page').then((m) => m.LandingPage), ['landing']);
const SharedMedicationPage = lazyView(
  () => import('../features/medications/pages/shared-medication-page').then((m) => m.SharedMedicationPage),
  ['health'],
);
const AppointmentLinkPage = lazyView(
  () => import('../features/appointments/pages/appointment-link-page').then((m) => m.AppointmentLinkPage),
  ['booking'],
);
const LoginPage = lazyView(() => import('../features/auth/pages/login-page').then((m) => m.LoginPage), ['auth', 'validation', 'biometric']);
const ResetPasswordPage = lazyView(
  () => import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage),
  ['auth', 'validation'],
);
// The signed-in frame (sidebar, header, notifications, live connection UI) is not needed before
// sign-in, so the landing page does not download it.
// The public frame's header and footer read the landing page's texts: a first page that is not the
// landing page loads them only when it is a public one.
const RoutedPublicLayout = lazyView(() => import('./shell/routed-public-layout').then((m) => m.RoutedPublicLayout), ['landing']);
const SignedInLayout = lazyView(() => import('./shell/signed-in-layout').then((m) => m.SignedInLayout), []);
const PortalHomePage = lazyView(() => import('../features/portal/pages/portal-home-page').then((m) => m.PortalHomePage), []);
const DoctorPortalPage = lazyView(
  () => import('../features/doctor-portal/pages/doctor-portal-page').then((m) => m.DoctorPortalPage),
  ['doctor-portal', 'health', 'doctors', 'video'],
);
const StaffPortalPage = lazyView(
  () => import('../features/staff-portal/pages/staff-portal-page').then((m) => m.StaffPortalPage),
  ['staff-portal', 'health', 'doctors', 'validation', 'access', 'registration', 'booking'],
);
const PatientDashboardPage = lazyView(
  () => import('../features/portal/pages/patient-dashboard-page').then((m) => m.PatientDashboardPage),
  ['health', 'doctors', 'booking'],
);

/** Route paths without their leading slash, as nested routes write them. */
function relative(path: string): string {
  return path.replace(/^\/+/, '');
}

function pathsOf(routes: RouteObject[]): Set<string> {
  return new Set(routes.flatMap((route) => (route.path ? [relative(route.path)] : [])));
}

/**
 * A view as the signed-in roles it was built for see it; the other roles get the coming-soon page.
 * `instead` gives a role a view of its own at this path (a doctor's visit notes, say).
 */
function RoleView({
  children,
  roles,
  instead,
}: {
  children: ReactNode;
  roles: readonly Role[];
  instead?: Partial<Record<Role, ReactNode>>;
}): ReactNode {
  const { user } = useSession();
  if (!user) return null;
  const own = instead?.[user.role];
  if (own) return own;
  return roles.includes(user.role) ? children : <ComingSoonPage />;
}

/** Views built for these roles only; `instead`, by path, a role's own view there. */
function forRoles(
  routes: RouteObject[],
  roles: readonly Role[],
  instead: Record<string, Partial<Record<Role, ReactNode>>> = {},
): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    element: (
      <RoleView roles={roles} instead={route.path ? instead[route.path] : undefined}>
        {route.element}
      </RoleView>
    ),
  }));
}

/** `also`: the roles whose own version of these views is built (the feature picks it by role). */
function patientOnly(
  routes: RouteObject[],
  also: readonly Role[] = [],
  instead: Record<string, Partial<Record<Role, ReactNode>>> = {},
): RouteObject[] {
  return forRoles(routes, ['patient', ...also], instead);
}

/** Unknown paths: the not-found page in whichever frame fits the visitor. */
function CatchAll(): ReactNode {
  const { status } = useSession();
  if (status === 'loading') return <DelayedLoading />;
  if (status === 'authenticated') {
    return (
      <SignedInLayout>
        <NotFoundPage />
      </SignedInLayout>
    );
  }
  return (
    <RoutedPublicLayout>
      <NotFoundPage />
    </RoutedPublicLayout>
  );
}

/** Each role's home: the patient's dashboard, the doctor's portal, the front desk, the admin console. */
function portalHome(role: Role): ReactNode {
  if (role === 'patient') return <PatientDashboardPage />;
  if (role === 'doctor') return <DoctorPortalPage />;
  if (role === 'staff') return <StaffPortalPage />;
  if (role === 'admin') return <AdminDashboardPage />;
  return <PortalHomePage />;
}

export function signedInRoutes(): RouteObject[] {
  const portals: RouteObject[] = (Object.entries(PORTAL_VIEW) as [Role, keyof typeof VIEW_PATHS][]).map(([role, view]) => ({
    path: relative(pathForView(view)),
    element: <PortalRoute role={role}>{portalHome(role)}</PortalRoute>,
  }));
  const built = [
    ...portals,
    ...settingsRoutes,
    ...searchRoutes,
    ...outboxRoutes,
    ...userAdminRoutes,
    ...doctorsRoutes,
    ...auditRoutes,
    ...adminConsoleRoutes,
    ...organisationRoutes,
    ...systemSettingsRoutes,
    ...patientsRoutes,
    ...leaveApprovalsRoutes,
    ...forRoles(clinicalNotesRoutes, ['doctor']),
    ...forRoles(videoVisitRoutes, ['patient', 'doctor']),
    ...docsRoutes,
    ...patientOnly([...appointmentsRoutes, ...healthRecordsRoutes, ...recordsRoutes], [], {
      'visit-notes': { doctor: doctorVisitNotes },
      appointments: { doctor: doctorSchedule },
    }),
    ...patientOnly(medicationsRoutes, ['doctor']),
    ...forRoles(tasksRoutes, ['doctor', 'staff', 'admin']),
    ...forRoles(parkingRoutes, ['staff', 'admin']),
    ...forRoles(ordersRoutes, ['doctor']),
    ...messagesRoutes,
  ];
  const taken = pathsOf(built);
  // Views whose feature comes with a later issue.
  const comingSoon: RouteObject[] = Object.values(VIEW_PATHS)
    .map(relative)
    .filter((path) => !taken.has(path))
    .map((path) => ({ path, element: <ComingSoonPage /> }));
  // Appointments, records, medications, billing and messages open only with their permissions.
  return [...built, ...comingSoon].map(guardViewRoute);
}

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <RoutedPublicLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <LandingPage /> },
        { path: 'login', element: <LoginPage /> },
        { path: 'reset-password', element: <ResetPasswordPage /> },
        { path: 'shared/medication/:token', element: <SharedMedicationPage /> },
        { path: 'a/:token', element: <AppointmentLinkPage /> },
        ...registrationRoutes,
        ...legalRoutes,
        // The patient feature routes (search results, bookmarks) open the view that shows them.
        ...Object.entries(PATIENT_FEATURE_ROUTES).map(([path, view]) => ({
          path: relative(path),
          element: (
            <Navigate to={`${pathForView(view)}${PATIENT_FEATURE_SECTIONS[path] ? `#${PATIENT_FEATURE_SECTIONS[path]}` : ''}`} replace />
          ),
        })),
      ],
    },
    {
      element: <SignedInLayout />,
      errorElement: <RouteError />,
      children: signedInRoutes(),
    },
    // The waiting-room display fills its screen: signed in, but outside the portal's frame.
    ...waitingRoomRoutes.map((route) => ({ ...route, errorElement: <RouteError /> })),
    { path: '*', element: <CatchAll />, errorElement: <RouteError /> },
  ]);
}
