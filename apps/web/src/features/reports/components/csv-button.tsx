import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { downloadCsv } from '../api/download-report';

/** Downloads one of the API's CSVs (the shrink or accuracy report) under the server's file name. */
export function CsvButton({
  url,
  fileName,
  disabled,
}: {
  url: string;
  fileName: string;
  disabled?: boolean;
}) {
  const download = useMutation({
    mutationFn: () => downloadCsv(url, fileName),
    onError: (err) =>
      notify.error(
        err instanceof ApiError && err.hasServerMessage ? err.message : 'The CSV could not be downloaded',
      ),
  });
  return (
    <Button
      variant="secondary"
      size="sm"
      className="shrink-0 whitespace-nowrap"
      isLoading={download.isPending}
      disabled={disabled}
      onClick={() => download.mutate()}
    >
      {!download.isPending && <Download className="size-4" aria-hidden />}
      <span className="sm:hidden">CSV</span>
      <span className="hidden sm:inline">Download CSV</span>
    </Button>
  );
}
