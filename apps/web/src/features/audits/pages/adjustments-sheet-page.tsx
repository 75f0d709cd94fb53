import { ADJUSTMENTS_COLUMNS, type TAdjustmentsSheet, ZAdjustmentsSheet } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ClipboardList, Printer } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '@/app/auth-provider';
import { MAIN_ID, SkipLink } from '@/app/shell/skip-link';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { formatCount, formatDateTime, formatSignedCount } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { queryKeys } from '@/lib/query-keys';

const signed = formatSignedCount;

function SheetTable({ sheet }: { sheet: TAdjustmentsSheet }) {
  const cell = 'border border-slate-300 px-2 py-1.5 align-top dark:border-slate-700 print:border-slate-400';
  return (
    <ScrollArea label="Adjustments" className="overflow-x-auto print:overflow-visible">
      <table className="w-full border-collapse text-left text-sm print:text-[10pt]" data-testid="adjustments">
        <thead className="bg-slate-100 text-xs font-semibold text-slate-700 uppercase dark:bg-slate-800 dark:text-slate-300 print:bg-slate-100 print:text-black">
          <tr>
            {ADJUSTMENTS_COLUMNS.map((c, i) => (
              <th key={c} scope="col" className={`${cell} ${i >= 3 && i <= 5 ? 'text-right' : ''}`}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-slate-800 dark:text-slate-200 print:text-black">
          {sheet.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same package can be on two lines (a recount)
            <tr key={`${l.package_label}-${i}`} className="break-inside-avoid">
              <td className={`${cell} font-mono text-xs break-all`}>{l.package_label}</td>
              <td className={cell}>{l.product ?? '—'}</td>
              <td className={cell}>{l.room}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatCount(l.expected)}</td>
              <td className={`${cell} text-right tabular-nums`}>{l.counted}</td>
              <td className={`${cell} text-right font-semibold tabular-nums`}>{signed(l.difference)}</td>
              <td className={`${cell} font-mono text-xs`}>{l.reason_code ?? '—'}</td>
              <td className={cell}>{l.note ?? ''}</td>
              <td className={cell}>{l.approved_by ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

/**
 * A count's approved adjustments as a printable sheet (the adjustments CSV's columns): for a Dutchie store, to
 * enter in Dutchie's own audit, which reports them to Metrc; for a catalogue, a signed record of what changed.
 */
export function AdjustmentsSheetPage() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const auditId = Number(params.get('audit'));
  const sheet = useQuery({
    queryKey: [...queryKeys.audits.detail(auditId), 'adjustments'],
    queryFn: () => api(`/api/audits/${auditId}/adjustments`, { schema: ZAdjustmentsSheet }),
    // Not an id: the server's 400 says so.
    retry: false,
  });
  usePageTitle(sheet.data ? `Adjustments: ${sheet.data.audit.name}` : 'Adjustments sheet');
  const isDutchie = user?.inventory_type === 'dutchie';
  const data = sheet.data;
  const net = data?.lines.reduce((s, l) => s + l.difference, 0) ?? 0;
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950 print:min-h-0 print:bg-white">
      <SkipLink />
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 print:max-w-none print:p-0">
        <div className="mb-4 flex items-center justify-between gap-3 print:hidden">
          <Link
            to={`/audits?audit=${auditId}`}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back to the audit
          </Link>
          <Button onClick={() => window.print()} disabled={!data || data.lines.length === 0}>
            <Printer className="size-4" aria-hidden />
            Print
          </Button>
        </div>
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900 print:rounded-none print:border-0 print:p-0 print:shadow-none"
        >
          {sheet.isError ? (
            <LoadError
              title="The adjustments sheet could not be loaded"
              error={sheet.error}
              onRetry={() => sheet.refetch()}
              isRetrying={sheet.isFetching}
            />
          ) : !data ? (
            <Spinner label="Loading the adjustments sheet" />
          ) : (
            <>
              <header className="mb-5 flex flex-col gap-3 border-b border-slate-200 pb-4 sm:flex-row sm:items-start sm:justify-between dark:border-slate-800 print:border-slate-400">
                <div>
                  <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400 print:text-black">
                    {user?.company} · Adjustments sheet
                  </p>
                  <h1 className="mt-1 text-xl font-semibold text-slate-900 dark:text-slate-100 print:text-black">
                    {data.audit.name}
                  </h1>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400 print:text-black">
                    {data.audit.location ?? (isDutchie ? 'All rooms' : 'No location')}
                    {data.audit.completed_at && ` · completed ${formatDateTime(data.audit.completed_at)}`}
                    {data.audit.started_by && ` · counted by ${data.audit.started_by}`}
                  </p>
                </div>
                <dl className="flex gap-6 text-sm">
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400 print:text-black">Lines</dt>
                    <dd className="text-lg font-semibold tabular-nums text-slate-900 dark:text-slate-100 print:text-black">
                      {formatCount(data.lines.length)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400 print:text-black">Net units</dt>
                    <dd className="text-lg font-semibold tabular-nums text-slate-900 dark:text-slate-100 print:text-black">
                      {signed(net)}
                    </dd>
                  </div>
                </dl>
              </header>
              <p className="mb-4 text-sm text-slate-600 dark:text-slate-400 print:text-black">
                {isDutchie
                  ? 'Enter each line in Dutchie’s own audit of the room (Dutchie reports the adjustments to Metrc). Quantics does not change Dutchie.'
                  : 'The count’s approved lines, as applied to the Quantics inventory.'}
              </p>
              {data.lines.length === 0 ? (
                <EmptyState icon={ClipboardList} title="No approved adjustments">
                  Lines appear here once an admin approves them in the count’s review.
                </EmptyState>
              ) : (
                <SheetTable sheet={data} />
              )}
              {isDutchie && data.lines.length > 0 && (
                <p className="mt-8 hidden gap-12 text-sm text-black print:flex">
                  <span>Entered in Dutchie by: ______________________</span>
                  <span>Date: ____________</span>
                </p>
              )}
            </>
          )}
        </main>
      </div>
    </div>
  );
}
