import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const ClinicalNotesPage = lazyView(() => import('./pages/clinical-notes-page').then((m) => m.ClinicalNotesPage), ['notes', 'validation']);
const NoteEditorPage = lazyView(() => import('./pages/note-editor-page').then((m) => m.NoteEditorPage), ['notes', 'validation']);
const TemplatesPage = lazyView(() => import('./pages/templates-page').then((m) => m.TemplatesPage), ['notes', 'validation', 'doctors']);
const DoctorVisitNotesPage = lazyView(() => import('./pages/visit-notes-page').then((m) => m.DoctorVisitNotesPage), ['notes']);

/** The doctor's notes views (clinical-notes, a note, templates); mounted doctors-only by app/router.tsx. */
export const clinicalNotesRoutes: RouteObject[] = [
  { path: 'clinical-notes', element: <ClinicalNotesPage /> },
  { path: 'clinical-notes/:id', element: <NoteEditorPage /> },
  { path: 'templates', element: <TemplatesPage /> },
];

/** The doctor's side of a view patients also have (visit-notes: the patient reads their visit summaries). */
export const doctorVisitNotes = <DoctorVisitNotesPage />;
