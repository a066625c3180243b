import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shareLinksApi, type ShareLinkExpiryHours } from '../../../../contracts/share-links';
import { callRoute, routeMatcher, routeQuery } from '../../../lib/api-routes';

// The patient's own share links. The list never holds a token: a link is shown once, from the
// creation's answer, and lives only in this page's memory.

const listed = routeMatcher(shareLinksApi.list);

export function shareLinksQuery() {
  return routeQuery(shareLinksApi.list, {}, (answer) => answer.data);
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresInHours: ShareLinkExpiryHours) =>
      callRoute(shareLinksApi.create, { body: { scope: 'medications', expiresInHours } }),
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => listed(query.queryKey) }),
  });
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(shareLinksApi.revoke, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => listed(query.queryKey) }),
  });
}
