import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const OutboxPage = lazy(() => import('./pages/outbox-page').then((m) => ({ default: m.OutboxPage })));

/** Signed-in (admin, demo mode) routes of the outbox feature, mounted by app/router.tsx in the signed-in layout. */
export const outboxRoutes: RouteObject[] = [{ path: 'outbox', element: <OutboxPage /> }];
