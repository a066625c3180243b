import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedShareLink, ShareLinkExpiryHours, ShareLinkListResponse } from '../../../../contracts/share-links';
import { api } from '../../../lib/api-client';

// Issue 7 item 6: the patient's own share links. The list never holds a token: a link is shown
// once, from the creation's answer, and lives only in this page's memory.

const SHARE_LINKS = '/api/share-links';

export function shareLinksQuery() {
  return queryOptions({
    queryKey: [SHARE_LINKS],
    queryFn: () => api.get<ShareLinkListResponse>(SHARE_LINKS).then((answer) => answer.data),
  });
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresInHours: ShareLinkExpiryHours) => api.post<CreatedShareLink>(SHARE_LINKS, { scope: 'medications', expiresInHours }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SHARE_LINKS] }),
  });
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${SHARE_LINKS}/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SHARE_LINKS] }),
  });
}
