import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const TelemedicineHelpPage = lazyView(() => import('./pages/telemedicine-help-page').then((m) => m.TelemedicineHelpPage), ['video']);
const AnalyticsHelpPage = lazyView(() => import('./pages/analytics-help-page').then((m) => m.AnalyticsHelpPage), ['docs']);

/** The in-app documentation views that are written; mounted by app/router.tsx (the others stay coming soon). */
export const docsRoutes: RouteObject[] = [
  { path: 'docs/telemedicine', element: <TelemedicineHelpPage /> },
  { path: 'docs/analytics', element: <AnalyticsHelpPage /> },
];
