import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DocumentPage = lazy(() => import('./pages/document-page').then((m) => ({ default: m.DocumentPage })));
const FaqPage = lazy(() => import('./pages/faq-page').then((m) => ({ default: m.FaqPage })));

/**
 * Public pages the footer links to (DESIGN.md §10: real pages, not alerts), mounted by app/router.tsx
 * in the public layout. Documentation and training are public overviews until the in-app docs exist.
 */
export const legalRoutes: RouteObject[] = [
  { path: 'faq', element: <FaqPage /> },
  { path: 'privacy', element: <DocumentPage document="privacy" /> },
  { path: 'terms', element: <DocumentPage document="terms" /> },
  { path: 'docs-overview', element: <DocumentPage document="docs" /> },
  { path: 'training', element: <DocumentPage document="training" /> },
];
