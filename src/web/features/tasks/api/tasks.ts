import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tasksApi, type CreateTask, type TaskListFilter, type TaskStatus } from '../../../../contracts/tasks';
import { callRoute, routeMatcher, routeQuery } from '../../../lib/api-routes';
import { useSession } from '../../../lib/session/use-session';

// The caller's tasks on the web. Keys are the URLs they GET, so a push that adds or closes a task
// (a refill request, its decision) refreshes them (api/reactions.ts), and so does each change here.

export function tasksQuery(status: TaskListFilter, page: number) {
  return routeQuery(tasksApi.list, { query: { status, page } });
}

/** How many open tasks the signed-in member of staff has: the sidebar's count (none for patients). */
export function useOpenTaskCount(): number | undefined {
  const { user } = useSession();
  const query = useQuery({ ...routeQuery(tasksApi.count, {}, (answer) => answer.open), enabled: Boolean(user && user.role !== 'patient') });
  return query.data;
}

function useRefreshTasks() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => routeMatcher(tasksApi.list)(query.queryKey) || routeMatcher(tasksApi.count)(query.queryKey),
    });
}

export function useCreateTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (body: CreateTask) => callRoute(tasksApi.create, { body }).then((answer) => answer.data),
    onSettled: refresh,
  });
}

export function useSetTaskStatus() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TaskStatus }) =>
      callRoute(tasksApi.update, { params: { id }, body: { status } }).then((answer) => answer.data),
    onSettled: refresh,
  });
}
