import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';
import { useSession } from '../../lib/session/use-session';

const MedicationsPage = lazyView(
  () => import('./pages/medications-page').then((m) => m.MedicationsPage),
  ['health', 'medications', 'validation'],
);
const PrescribingPage = lazyView(
  () => import('./pages/prescribing-page').then((m) => m.PrescribingPage),
  ['prescribing', 'health', 'validation'],
);

/** A doctor sees prescribing management; a patient their own medications (app/router.tsx decides who else). */
function MedicationsView() {
  const { user } = useSession();
  if (!user) return null;
  return user.role === 'doctor' ? <PrescribingPage /> : <MedicationsPage />;
}

/** The signed-in view `medications`; mounted by app/router.tsx. */
export const medicationsRoutes: RouteObject[] = [{ path: 'medications', element: <MedicationsView /> }];
