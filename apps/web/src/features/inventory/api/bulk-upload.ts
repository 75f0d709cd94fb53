import type { TImportResult } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { type UploadPhase, uploadWithProgress } from '@/lib/upload';

export type BulkUploadInput = { file: File; isDryRun: boolean; onProgress: (p: UploadPhase) => void };

/** POST /api/inventory/bulk-upload[?dryRun=true], multipart field `file`, with upload progress. */
export const bulkUpload = ({ file, isDryRun, onProgress }: BulkUploadInput) =>
  uploadWithProgress<TImportResult>(
    `/api/inventory/bulk-upload${isDryRun ? '?dryRun=true' : ''}`,
    file,
    onProgress,
  );

export function useBulkUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpload,
    onSuccess: (result) => {
      if (result.dry_run) return;
      queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all });
      queryClient.invalidateQueries({ queryKey: queryKeys.locations });
    },
  });
}
