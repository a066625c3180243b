import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const LabResultsPage = lazyView(
  () => import('./pages/lab-results-page').then((m) => m.LabResultsPage),
  // orders and doctors word the imaging studies and specialties of released reports.
  ['health', 'orders', 'doctors'],
);
const VitalsPage = lazyView(() => import('./pages/vitals-page').then((m) => m.VitalsPage), ['health']);
const ProblemsPage = lazyView(() => import('./pages/problems-page').then((m) => m.ProblemsPage), ['health']);
const ImmunizationsPage = lazyView(() => import('./pages/immunizations-page').then((m) => m.ImmunizationsPage), ['health']);
const DemographicsPage = lazyView(() => import('./pages/demographics-page').then((m) => m.DemographicsPage), ['health', 'registration']);
const MedicalHistoryPage = lazyView(() => import('./pages/medical-history-page').then((m) => m.MedicalHistoryPage), ['health']);
const VisitNotesPage = lazyView(() => import('./pages/visit-notes-page').then((m) => m.VisitNotesPage), ['health']);

/**
 * The patient's read-only chart views (lab-results, vitals, problems, immunizations,
 * demographics, medical-history, visit-notes); mounted patients-only by app/router.tsx.
 */
export const healthRecordsRoutes: RouteObject[] = [
  { path: 'lab-results', element: <LabResultsPage /> },
  { path: 'vitals', element: <VitalsPage /> },
  { path: 'problems', element: <ProblemsPage /> },
  { path: 'immunizations', element: <ImmunizationsPage /> },
  { path: 'demographics', element: <DemographicsPage /> },
  { path: 'medical-history', element: <MedicalHistoryPage /> },
  { path: 'visit-notes', element: <VisitNotesPage /> },
];
