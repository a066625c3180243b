import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const MessagesPage = lazyView(() => import('./pages/messages-page').then((m) => m.MessagesPage), ['messages', 'validation']);

/** The signed-in view `messages`, for every role (its guard asks for patients.view.own). */
export const messagesRoutes: RouteObject[] = [{ path: 'messages', element: <MessagesPage /> }];
