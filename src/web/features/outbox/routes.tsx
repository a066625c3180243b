import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const OutboxPage = lazyView(() => import('./pages/outbox-page').then((m) => m.OutboxPage), ['outbox']);

/** Signed-in (admin, demo mode) routes of the outbox feature, mounted by app/router.tsx in the signed-in layout. */
export const outboxRoutes: RouteObject[] = [{ path: 'outbox', element: <OutboxPage /> }];
