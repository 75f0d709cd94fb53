import { type TNotificationSettings, ZNotificationSettingsResponse } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/settings/notifications: this person's e-mail choices in the current company. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: queryKeys.notifications.settings,
    queryFn: () => api('/api/settings/notifications', { schema: ZNotificationSettingsResponse }),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotificationSettings) =>
      api('/api/settings/notifications', { method: 'PUT', body, schema: ZNotificationSettingsResponse }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notifications.settings, saved),
  });
}
