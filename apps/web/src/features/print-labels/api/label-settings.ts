import { DEFAULT_LABEL_SIZE, type TLabelSettings, ZLabelSettings } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The company's label size, which the preview draws and the server prints. */
export function useLabelSettings() {
  return useQuery({
    queryKey: queryKeys.print.labelSettings,
    queryFn: () => api('/api/print/label-settings', { schema: ZLabelSettings }),
    placeholderData: DEFAULT_LABEL_SIZE,
    staleTime: 60_000,
  });
}

/** Admins set the company's label size; every label printed afterwards uses it. */
export function useSaveLabelSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (size: TLabelSettings) =>
      api('/api/print/label-settings', { method: 'PUT', body: size, schema: ZLabelSettings }),
    onSuccess: (size) => queryClient.setQueryData(queryKeys.print.labelSettings, size),
  });
}
