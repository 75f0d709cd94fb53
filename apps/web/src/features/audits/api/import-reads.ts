import type { TAuditImportResponse } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { type UploadPhase, uploadWithProgress } from '@/lib/upload';

export type ImportReadsInput = {
  file: File;
  /** A catalogue location (empty: the whole catalogue), or a Dutchie room (empty: the whole store). */
  locationId: string;
  room: string;
  name: string;
  onProgress: (p: UploadPhase) => void;
};

/** POST /api/audits/import: a reader app's file of reads becomes a reconciled audit. */
export const importReads = ({ file, locationId, room, name, onProgress }: ImportReadsInput) =>
  uploadWithProgress<TAuditImportResponse>('/api/audits/import', file, onProgress, 'file', {
    ...(locationId ? { location_id: locationId } : {}),
    ...(room ? { room } : {}),
    ...(name.trim() ? { name: name.trim() } : {}),
  });

export function useImportReads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importReads,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: queryKeys.audits.all });
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.stats });
    },
  });
}
