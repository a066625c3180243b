import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const MedicationsPage = lazyView(
  () => import('./pages/medications-page').then((m) => m.MedicationsPage),
  ['health', 'medications', 'validation'],
);
const PrescribingPage = lazyView(
  () => import('./pages/prescribing-page').then((m) => m.PrescribingPage),
  ['prescribing', 'health', 'validation'],
);

/** The signed-in view `medications` as a patient sees it; mounted by app/router.tsx. */
export const medicationsRoutes: RouteObject[] = [{ path: 'medications', element: <MedicationsPage /> }];

/** The same view for a doctor: prescribing management (app/router.tsx shows it to doctors). */
export const doctorMedications = <PrescribingPage />;
