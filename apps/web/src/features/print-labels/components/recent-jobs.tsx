import type { TPrintJob } from '@quantics/contracts';
import { History } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { formatCount } from '@/lib/format';
import { usePagedFilters } from '@/lib/use-paged-filters';
import { SerialRange } from '@/shared/serials/serial-range';
import { usePrintJobs } from '../api/print-jobs';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

function JobStatus({ job }: { job: TPrintJob }) {
  if (job.status === 'succeeded')
    return (
      <Badge tone="green" hasDot>
        Printed
      </Badge>
    );
  if (job.status === 'failed')
    return (
      <Badge tone="red" hasDot>
        Failed
      </Badge>
    );
  return (
    <Badge tone="amber" hasDot>
      Sending
    </Badge>
  );
}

const SIZES = [10, 20, 50] as const;

/** Who printed what, where, how many, when, and whether it worked. */
export function RecentJobs() {
  const { page, setPage, limit, setLimit } = usePagedFilters(null, SIZES[0]);
  const jobs = usePrintJobs(page, limit);
  const rows = jobs.data?.data ?? [];
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-slate-200 p-4 dark:border-slate-800">
        <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Recent print jobs</h2>
      </div>
      {jobs.isPending ? (
        <Spinner label="Loading print jobs" />
      ) : jobs.isError && !jobs.data ? (
        <LoadError title="Failed to load print jobs" error={jobs.error} onRetry={() => jobs.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={History} title="No print jobs yet">
          Labels you print appear here with their printer, quantity and result.
        </EmptyState>
      ) : (
        <>
          <Table className="hidden md:block">
            <THead>
              <tr>
                <Th>Product</Th>
                <Th>Printer</Th>
                <Th className="text-right">Labels</Th>
                <Th>Status</Th>
                <Th>Printed by</Th>
                <Th>When</Th>
              </tr>
            </THead>
            <TBody>
              {rows.map((j) => (
                <Tr key={j.id}>
                  <Td>
                    <div className="font-medium text-slate-900 dark:text-slate-100">{j.product_name}</div>
                    <div className="text-xs text-slate-500 dark:text-slate-400">SKU {j.sku}</div>
                    {j.serials && (
                      <div>
                        <SerialRange serials={j.serials} status={j.status} />
                      </div>
                    )}
                  </Td>
                  <Td>{j.printer_name}</Td>
                  <Td className="text-right tabular-nums">{formatCount(j.quantity)}</Td>
                  <Td>
                    <JobStatus job={j} />
                    {j.error && (
                      <div className="mt-1 max-w-xs text-xs text-red-600 dark:text-red-400">{j.error}</div>
                    )}
                  </Td>
                  <Td>{j.printed_by ?? '—'}</Td>
                  <Td className="whitespace-nowrap">{when(j.created_at)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <ul className="divide-y divide-slate-100 md:hidden dark:divide-slate-800">
            {rows.map((j) => (
              <li key={j.id} className="space-y-1 px-4 py-3">
                <div className="flex items-start justify-between gap-3">
                  <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{j.product_name}</p>
                  <JobStatus job={j} />
                </div>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {formatCount(j.quantity)} label(s) · {j.printer_name} · {j.printed_by ?? '—'} ·{' '}
                  {when(j.created_at)}
                </p>
                {j.serials && <SerialRange serials={j.serials} status={j.status} />}
                {j.error && <p className="text-xs text-red-600 dark:text-red-400">{j.error}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
      {jobs.data && jobs.data.pagination.totalItems > 0 && (
        <Pagination
          page={jobs.data.pagination.page}
          totalPages={jobs.data.pagination.totalPages}
          totalItems={jobs.data.pagination.totalItems}
          limit={limit}
          pageSizes={SIZES}
          onPageChange={setPage}
          onLimitChange={setLimit}
          noun="jobs"
        />
      )}
    </Card>
  );
}
