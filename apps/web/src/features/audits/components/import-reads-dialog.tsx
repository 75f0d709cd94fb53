import type { TAudit, TAuditImportResponse } from '@quantics/contracts';
import { CheckCircle2, Copy, Info } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '@/app/auth-provider';
import { FileDropZone } from '@/components/file-drop-zone';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select } from '@/components/ui/select';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatPercent } from '@/lib/format';
import { notify } from '@/lib/toast';
import type { UploadPhase } from '@/lib/upload';
import { usePlaceOptions } from '@/shared/locations/place-options';
import { useImportReads } from '../api/import-reads';

type Step =
  | { kind: 'choose' }
  | { kind: 'sending'; progress: UploadPhase }
  | { kind: 'done'; result: TAuditImportResponse };

const FORMAT_NAMES: Record<TAuditImportResponse['format'], string> = {
  '123rfid': '123RFID Mobile export',
  csv: 'CSV with an EPC or barcode column',
  text: 'one EPC or barcode a line',
};

/**
 * Import reads: a reader app's file (123RFID Mobile's inventory export, a CSV with an EPC or tag column and/or a
 * barcode column, or one EPC or barcode a line) for a location or room becomes an audit, reconciled like a
 * handheld's. Opens the audit when done.
 */
export function ImportReadsDialog({
  isOpen,
  onOpenChange,
  onOpenAudit,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenAudit: (audit: TAudit) => void;
}) {
  const { user } = useAuth();
  const isPointOfSale = user?.inventory_type === 'dutchie';
  const { everything, options, placeOf } = usePlaceOptions(user);
  const importing = useImportReads();
  const [file, setFile] = useState<File | null>(null);
  const [place, setPlace] = useState('');
  const [name, setName] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setName('');
    setStep({ kind: 'choose' });
    setError(null);
  };
  const close = (open: boolean) => {
    if (!open && step.kind !== 'sending') reset();
    onOpenChange(open);
  };
  const pick = (chosen: File) => {
    setError(null);
    if (!/\.(csv|txt)$/i.test(chosen.name)) {
      setError('Choose a CSV or text file of reads (.csv or .txt)');
      return;
    }
    setFile(chosen);
  };
  const start = async () => {
    if (!file) return;
    setError(null);
    setStep({ kind: 'sending', progress: { phase: 'uploading', percent: 0 } });
    try {
      const chosen = placeOf(place);
      const result = await importing.mutateAsync({
        file,
        locationId: chosen.locationId === null ? '' : String(chosen.locationId),
        room: chosen.room ?? '',
        name,
        onProgress: (progress) => setStep({ kind: 'sending', progress }),
      });
      setStep({ kind: 'done', result });
      if (result.duplicate) notify.success('This file was imported before: here is the audit it made.');
      else notify.success(`Imported ${formatCount(result.reads)} reads as ${result.audit.name}`);
    } catch (err) {
      const message = errorMessage(err, 'Failed to import reads');
      notify.error(message);
      setError(message);
      setStep({ kind: 'choose' });
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      title="Import reads"
      description="A file your reader app exported becomes an audit, checked against the stock expected there."
      size={step.kind === 'done' ? '2xl' : 'lg'}
    >
      {step.kind === 'done' ? (
        <ImportResult
          result={step.result}
          onOpen={() => {
            const { audit } = step.result;
            close(false);
            onOpenAudit(audit);
          }}
          onAnother={reset}
        />
      ) : (
        <div className="space-y-4">
          <Field label={isPointOfSale ? 'Room' : 'Location'} hint="Where the tags were read.">
            {(id, describedBy) => (
              <Select
                id={id}
                aria-describedby={describedBy}
                value={place}
                onChange={(e) => setPlace(e.target.value)}
                disabled={step.kind === 'sending'}
              >
                <option value="">{everything}</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Audit name (optional)">
            {(id) => (
              <Input
                id={id}
                value={name}
                maxLength={200}
                placeholder={file ? `Import of ${file.name}` : 'Import of the file'}
                onChange={(e) => setName(e.target.value)}
                disabled={step.kind === 'sending'}
              />
            )}
          </Field>
          <FileDropZone
            file={file}
            onPick={pick}
            isDisabled={step.kind === 'sending'}
            accept=".csv,.txt,text/csv,text/plain"
            label="File of reads"
            prompt="Drop a file of reads here, or click to choose one"
            hint="123RFID Mobile's inventory export, any CSV with an EPC, tag or barcode column (and a quantity), or one EPC or barcode a line."
          />
          {error && (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
            >
              {error}
            </p>
          )}
          {step.kind === 'sending' && (
            <ProgressBar
              label={step.progress.phase === 'uploading' ? 'Upload progress' : 'Reconciling'}
              value={step.progress.phase === 'uploading' ? step.progress.percent : undefined}
            />
          )}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button onClick={start} disabled={!file} isLoading={step.kind === 'sending'}>
              Import
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function ImportResult({
  result,
  onOpen,
  onAnother,
}: {
  result: TAuditImportResponse;
  onOpen: () => void;
  onAnother: () => void;
}) {
  const { audit } = result;
  return (
    <div className="space-y-4">
      <div
        className={
          result.duplicate
            ? 'flex items-start gap-3 rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900 dark:bg-sky-500/10 dark:text-sky-100'
            : 'flex items-start gap-3 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200'
        }
      >
        {result.duplicate ? (
          <Copy className="mt-0.5 size-5 shrink-0" aria-hidden />
        ) : (
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
        )}
        <p data-testid="import-reads-summary">
          {result.duplicate ? 'This file was imported before: here is the audit it made. ' : ''}
          <span className="font-medium">{audit.name}</span>: {formatCount(audit.tags_found)} of{' '}
          {formatCount(audit.tags_expected)} expected units found, accuracy{' '}
          {formatPercent(audit.accuracy ?? 0)}, {formatCount(audit.discrepancies_count)} discrepancies. Read
          as {FORMAT_NAMES[result.format]}: {formatCount(result.reads)} lines imported
          {result.failed_count > 0 ? `, ${formatCount(result.failed_count)} skipped` : ''}.
        </p>
      </div>
      {result.failed.length > 0 && (
        <div>
          <h3 className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-slate-100">
            <Info className="size-4 text-amber-600" aria-hidden />
            Lines skipped
          </h3>
          <div className="max-h-64 overflow-auto rounded-lg border border-slate-200 dark:border-slate-800">
            <Table>
              <THead>
                <Tr>
                  <Th>Line</Th>
                  <Th>Value</Th>
                  <Th>Reason</Th>
                </Tr>
              </THead>
              <TBody>
                {result.failed.map((f) => (
                  <Tr key={f.row} data-testid="import-reads-failed">
                    <Td className="tabular-nums">{f.row}</Td>
                    <Td className="max-w-48 truncate font-mono text-xs">{f.value || '(empty)'}</Td>
                    <Td>{f.message}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onAnother}>
          Import another file
        </Button>
        <Button onClick={onOpen}>Open audit</Button>
      </div>
    </div>
  );
}
