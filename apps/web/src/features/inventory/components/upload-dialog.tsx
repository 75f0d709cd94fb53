import type { TImportResult } from '@quantics/contracts';
import { useState } from 'react';
import { FileDropZone } from '@/components/file-drop-zone';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { ProgressBar } from '@/components/ui/progress-bar';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatPercent } from '@/lib/format';
import { notify } from '@/lib/toast';
import type { UploadPhase } from '@/lib/upload';
import { useBulkUpload } from '../api/bulk-upload';
import { INVENTORY_TEXTS } from '../inventory-texts';
import { UploadResult } from './upload-result';

type Step =
  | { kind: 'choose' }
  | { kind: 'sending'; progress: UploadPhase }
  | { kind: 'done'; result: TImportResult };

/** Reports what an import did in the spec's toasts; failures also go to the console, as the toast says. */
function announce(result: TImportResult) {
  const { successful, failed, created, updated } = result.summary;
  if (result.dry_run) {
    notify.success(
      `File checked: ${formatCount(successful)} rows ready, ${formatCount(failed)} with errors. Nothing was saved.`,
    );
  } else if (failed === 0) {
    // Products, as the spec's toast says: a SKU on several rows (one per place) is one product.
    notify.success(INVENTORY_TEXTS.uploadSuccess(created + updated));
  } else {
    notify.error(INVENTORY_TEXTS.uploadPartial(failed));
  }
  if (failed > 0) console.warn('CSV upload: rows that failed', result.details.failed);
}

/** Choose or drop a CSV, watch it upload and process, then read what happened row by row. */
export function UploadDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const upload = useBulkUpload();
  const [file, setFile] = useState<File | null>(null);
  const [isDryRun, setIsDryRun] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setStep({ kind: 'choose' });
    setError(null);
  };
  const close = (open: boolean) => {
    // An upload in flight finishes (and toasts) even if the dialog is closed; only the view resets.
    if (!open && step.kind !== 'sending') reset();
    onOpenChange(open);
  };

  const pick = (chosen: File) => {
    setError(null);
    if (!/\.csv$/i.test(chosen.name)) {
      notify.error(INVENTORY_TEXTS.selectCsv);
      setError(INVENTORY_TEXTS.selectCsv);
      return;
    }
    setFile(chosen);
  };

  const start = async () => {
    if (!file) {
      notify.error(INVENTORY_TEXTS.selectCsv);
      return;
    }
    setError(null);
    setStep({ kind: 'sending', progress: { phase: 'uploading', percent: 0 } });
    try {
      const result = await upload.mutateAsync({
        file,
        isDryRun,
        onProgress: (progress) => setStep({ kind: 'sending', progress }),
      });
      setStep({ kind: 'done', result });
      announce(result);
    } catch (err) {
      const message = errorMessage(err, INVENTORY_TEXTS.uploadFailed);
      notify.error(message);
      setError(message);
      setStep({ kind: 'choose' });
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      title="Upload CSV"
      description="Products are matched by SKU: existing ones are updated, new ones are created."
      size={step.kind === 'done' ? '2xl' : 'lg'}
    >
      {step.kind === 'done' && file ? (
        <>
          <UploadResult result={step.result} fileName={file.name} />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={reset}>
              Upload another file
            </Button>
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          </div>
        </>
      ) : (
        <div className="space-y-4">
          <FileDropZone file={file} onPick={pick} isDisabled={step.kind === 'sending'} />
          {error && (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
            >
              {error}
            </p>
          )}
          {step.kind === 'sending' && <SendingProgress progress={step.progress} />}
          <label className="flex items-start gap-3 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              checked={isDryRun}
              onChange={(e) => setIsDryRun(e.target.checked)}
              disabled={step.kind === 'sending'}
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600 dark:border-slate-700"
            />
            <span>
              <span className="font-medium">Validate only (dry run)</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                Check every row and see the result without saving anything.
              </span>
            </span>
          </label>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button onClick={start} disabled={!file} isLoading={step.kind === 'sending'}>
              {isDryRun ? 'Validate file' : 'Upload'}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function SendingProgress({ progress }: { progress: UploadPhase }) {
  const isUploading = progress.phase === 'uploading';
  return (
    <div className="space-y-1.5" aria-live="polite">
      <div className="flex justify-between text-xs text-slate-600 dark:text-slate-400">
        <span>{isUploading ? 'Uploading…' : 'Processing rows…'}</span>
        {isUploading && <span className="tabular-nums">{formatPercent(Math.round(progress.percent))}</span>}
      </div>
      <ProgressBar
        label={isUploading ? 'Upload progress' : 'Processing'}
        value={isUploading ? progress.percent : undefined}
      />
    </div>
  );
}
