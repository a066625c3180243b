import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const DocumentPage = lazyView(() => import('./pages/document-page').then((m) => m.DocumentPage), ['legal']);
const FaqPage = lazyView(() => import('./pages/faq-page').then((m) => m.FaqPage), ['legal']);

/**
 * Public pages the footer links to (real pages, not alerts saying a page would open), mounted by app/router.tsx
 * in the public layout. Documentation and training are public overviews until the in-app docs exist.
 */
export const legalRoutes: RouteObject[] = [
  { path: 'faq', element: <FaqPage /> },
  { path: 'privacy', element: <DocumentPage document="privacy" /> },
  { path: 'terms', element: <DocumentPage document="terms" /> },
  { path: 'docs-overview', element: <DocumentPage document="docs" /> },
  { path: 'training', element: <DocumentPage document="training" /> },
];
