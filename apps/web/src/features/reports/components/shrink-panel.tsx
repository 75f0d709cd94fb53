import { SHRINK_GROUPS, type TShrinkGroup, type TShrinkReport } from '@quantics/contracts';
import { PackageMinus } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Panel } from '@/components/ui/panel';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { formatCount, formatUsd } from '@/lib/format';
import { type ShrinkQuery, shrinkUrl, useShrinkReport } from '../api/review-reports';
import { CsvButton } from './csv-button';

const ShrinkChart = lazy(() => import('./review-charts').then((m) => ({ default: m.ShrinkChart })));

export const GROUP_LABELS: Record<TShrinkGroup, string> = {
  reason: 'Reason code',
  location: 'Location',
  category: 'Category',
  vendor: 'Vendor',
};

const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : formatCount(n));
const signedUsd = (n: number) => (n > 0 ? `+${formatUsd(n)}` : formatUsd(n));
const netTone = (n: number) =>
  n < 0 ? 'text-red-700 dark:text-red-400' : n > 0 ? 'text-emerald-700 dark:text-emerald-400' : '';

function Total({ label, tone, children }: { label: string; tone: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className={`mt-0.5 text-lg font-semibold tabular-nums ${tone}`} data-testid={`shrink-${label}`}>
        {children}
      </dd>
    </div>
  );
}

function ShrinkTable({ report }: { report: TShrinkReport }) {
  const cells = (r: TShrinkReport['totals']) => (
    <>
      <Td className="text-right tabular-nums">{formatCount(r.lines)}</Td>
      <Td className="text-right tabular-nums">{formatCount(r.units_lost)}</Td>
      <Td className="text-right tabular-nums">{formatCount(r.units_found)}</Td>
      <Td className={`text-right tabular-nums ${netTone(r.units_net)}`}>{signed(r.units_net)}</Td>
      <Td className="text-right tabular-nums">{formatUsd(r.value_lost)}</Td>
      <Td className="text-right tabular-nums">{formatUsd(r.value_found)}</Td>
      <Td className={`text-right font-medium tabular-nums ${netTone(r.value_net)}`}>
        {signedUsd(r.value_net)}
      </Td>
    </>
  );
  return (
    <Table aria-label="Shrink by group" data-testid="shrink-table">
      <THead>
        <tr>
          <Th>{GROUP_LABELS[report.group_by]}</Th>
          <Th className="text-right">Lines</Th>
          <Th className="text-right">Units lost</Th>
          <Th className="text-right">Units found</Th>
          <Th className="text-right">Net units</Th>
          <Th className="text-right">Value lost</Th>
          <Th className="text-right">Value found</Th>
          <Th className="text-right">Net value</Th>
        </tr>
      </THead>
      <TBody>
        {report.rows.map((r) => (
          <Tr key={r.group}>
            <Td className="font-medium text-slate-900 dark:text-slate-100">{r.label}</Td>
            {cells(r)}
          </Tr>
        ))}
      </TBody>
      <tfoot className="border-t-2 border-slate-200 font-semibold dark:border-slate-700">
        <tr>
          <Td className="font-semibold text-slate-900 dark:text-slate-100">Total</Td>
          {cells(report.totals)}
        </tr>
      </tfoot>
    </Table>
  );
}

/** Approved adjustments over the period: a chart of value lost and found, the table, and the CSV. */
export function ShrinkPanel({
  range,
  group,
  onGroup,
  isValid,
}: {
  range: { start: string; end: string };
  group: TShrinkGroup;
  onGroup: (g: TShrinkGroup) => void;
  isValid: boolean;
}) {
  const query: ShrinkQuery = { from: range.start, to: range.end, group_by: group };
  const report = useShrinkReport(query, isValid);
  const data = report.data;
  return (
    <Panel
      title="Shrink"
      icon={PackageMinus}
      action={
        <CsvButton
          url={shrinkUrl(query, true)}
          fileName={`quantics-shrink-by-${group}-${range.start}-to-${range.end}.csv`}
          disabled={!isValid}
        />
      }
    >
      <div className="mb-4 max-w-xs">
        <Field label="Group by">
          {(id) => (
            <Select id={id} value={group} onChange={(e) => onGroup(e.target.value as TShrinkGroup)}>
              {SHRINK_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {GROUP_LABELS[g]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {report.isError && !data ? (
        <LoadError
          title="The shrink report could not be loaded"
          error={report.error}
          onRetry={() => report.refetch()}
          isRetrying={report.isFetching}
        />
      ) : !data ? (
        <Spinner label="Loading the shrink report" />
      ) : data.rows.length === 0 ? (
        <EmptyState icon={PackageMinus} title="No approved adjustments in this period">
          Shrink appears here once counts’ shortages and overages are applied or approved.
        </EmptyState>
      ) : (
        <div className="space-y-5" data-testid="shrink-report">
          <dl className="grid grid-cols-3 gap-3 rounded-lg bg-slate-50 p-4 text-sm dark:bg-slate-800/50">
            <Total label="Value lost" tone="text-red-700 dark:text-red-400">
              {formatUsd(data.totals.value_lost)}
            </Total>
            <Total label="Value found" tone="text-emerald-700 dark:text-emerald-400">
              {formatUsd(data.totals.value_found)}
            </Total>
            <Total label="Net" tone={netTone(data.totals.value_net) || 'text-slate-900 dark:text-slate-100'}>
              {signedUsd(data.totals.value_net)}
            </Total>
          </dl>
          <Suspense
            fallback={<div className="h-48 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800/60" />}
          >
            <ShrinkChart report={data} />
          </Suspense>
          <ShrinkTable report={data} />
        </div>
      )}
    </Panel>
  );
}
