import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, shellSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often the bell looks for news while the page is open (and whenever the window regains focus). */
export const NOTIFICATIONS_REFRESH_MS = 30_000;
/** The bell lists the latest ten. */
export const BELL_SIZE = 10;

export const fetchNotifications = () =>
  api(`/api/notifications?limit=${BELL_SIZE}`, { schema: shellSchema('ZNotificationsResponse') });

/** The signed-in person's latest notifications in their current company, and how many are unread. */
export function useNotifications(userId: number, companyId: number) {
  return useQuery({
    queryKey: queryKeys.notifications.list(userId, companyId),
    queryFn: fetchNotifications,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
}

/** POST /api/notifications/read: the listed ones, or all of them without ids. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) =>
      api('/api/notifications/read', {
        method: 'POST',
        body: ids ? { ids } : {},
        schema: shellSchema('ZMarkReadResponse'),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
