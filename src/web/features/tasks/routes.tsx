import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const TasksPage = lazyView(() => import('./pages/tasks-page').then((m) => m.TasksPage), ['tasks', 'health', 'validation']);

/** The signed-in view `tasks`; mounted by app/router.tsx for the organisation's people. */
export const tasksRoutes: RouteObject[] = [{ path: 'tasks', element: <TasksPage /> }];
