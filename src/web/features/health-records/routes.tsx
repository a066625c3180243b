import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LabResultsPage = lazy(() => import('./pages/lab-results-page').then((m) => ({ default: m.LabResultsPage })));
const VitalsPage = lazy(() => import('./pages/vitals-page').then((m) => ({ default: m.VitalsPage })));
const ProblemsPage = lazy(() => import('./pages/problems-page').then((m) => ({ default: m.ProblemsPage })));
const ImmunizationsPage = lazy(() => import('./pages/immunizations-page').then((m) => ({ default: m.ImmunizationsPage })));
const DemographicsPage = lazy(() => import('./pages/demographics-page').then((m) => ({ default: m.DemographicsPage })));
const MedicalHistoryPage = lazy(() => import('./pages/medical-history-page').then((m) => ({ default: m.MedicalHistoryPage })));
const VisitNotesPage = lazy(() => import('./pages/visit-notes-page').then((m) => ({ default: m.VisitNotesPage })));

/**
 * The patient's read-only chart views of spec §2 (lab-results, vitals, problems, immunizations,
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
