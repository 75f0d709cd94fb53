import type { TImportResult } from '@quantics/contracts';
import { CheckCircle2, Download, Info, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { saveBlob } from '@/lib/download';
import { formatCount } from '@/lib/format';
import { errorReportCsv, errorReportName } from '../error-report';

function Count({ label, value, tone }: { label: string; value: number; tone?: 'green' | 'red' }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd
        data-testid={`import-${label}`}
        className={cn(
          'text-xl font-semibold tabular-nums',
          tone === 'green' && value > 0
            ? 'text-emerald-600 dark:text-emerald-400'
            : tone === 'red' && value > 0
              ? 'text-red-600 dark:text-red-400'
              : 'text-slate-900 dark:text-slate-100',
        )}
      >
        {formatCount(value)}
      </dd>
    </div>
  );
}

/** What an import did: the counts, the locations it created, and every failed row with its reason. */
export function UploadResult({ result, fileName }: { result: TImportResult; fileName: string }) {
  const { summary, details } = result;
  const isClean = summary.failed === 0;
  return (
    <div className="space-y-4">
      <div
        className={cn(
          'flex items-start gap-3 rounded-lg px-4 py-3 text-sm',
          isClean
            ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200'
            : 'bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-100',
        )}
      >
        {isClean ? (
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
        ) : (
          <XCircle className="mt-0.5 size-5 shrink-0" aria-hidden />
        )}
        <p>
          <span className="font-medium">{fileName}</span>:{' '}
          {result.dry_run
            ? `checked only, nothing was saved. ${formatCount(summary.successful)} rows are ready to import.`
            : savedText(summary)}{' '}
          {!isClean && `${formatCount(summary.failed)} rows have errors and were skipped.`}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        <Count label="Successful" value={summary.successful} tone="green" />
        <Count label="Failed" value={summary.failed} tone="red" />
        <Count label="Created" value={summary.created} />
        <Count label="Updated" value={summary.updated} />
        <Count label="Locations created" value={result.locations_created.length} />
      </dl>
      {result.locations_created.length > 0 && (
        <p className="flex gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {result.dry_run ? 'New locations this file would create: ' : 'New locations: '}
            {result.locations_created.join(', ')}
          </span>
        </p>
      )}
      {details.failed.length > 0 && (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">
              Failed rows
              {details.truncated &&
                ` (first ${formatCount(details.failed.length)} of ${formatCount(summary.failed)})`}
            </h3>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => saveBlob(errorReportCsv(details.failed), errorReportName(fileName))}
            >
              <Download className="size-4" aria-hidden />
              Download error report
            </Button>
          </div>
          <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
            <Table aria-label="Failed rows" className="max-h-64 overflow-y-auto">
              <THead className="sticky top-0">
                <tr>
                  <Th className="w-16">Row</Th>
                  <Th className="w-32">SKU</Th>
                  <Th>Message</Th>
                </tr>
              </THead>
              <TBody>
                {details.failed.map((f) => (
                  <Tr key={`${f.row}-${f.sku}`} data-testid="failed-row">
                    <Td className="tabular-nums">{f.row}</Td>
                    <Td className="font-mono text-xs">{f.sku || '—'}</Td>
                    <Td>
                      <span className="text-red-700 dark:text-red-300">{f.message}</span>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        </div>
      )}
    </div>
  );
}

/** Products saved, and the rows they came from when a product had several (one row per place). */
function savedText(s: TImportResult['summary']) {
  const products = s.created + s.updated;
  const fromRows = products === s.successful ? '' : ` from ${formatCount(s.successful)} rows`;
  return `${formatCount(products)} products saved${fromRows}.`;
}
