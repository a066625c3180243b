import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const MedicationsPage = lazyView(
  () => import('./pages/medications-page').then((m) => m.MedicationsPage),
  ['health', 'medications', 'validation'],
);

/** The signed-in view `medications` as a patient sees it; mounted by app/router.tsx. */
export const medicationsRoutes: RouteObject[] = [{ path: 'medications', element: <MedicationsPage /> }];
