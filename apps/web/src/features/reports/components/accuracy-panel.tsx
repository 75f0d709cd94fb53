import { accuracyColor, type TAccuracyPeriod, type TAccuracyReport } from '@quantics/contracts';
import { Target } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Panel } from '@/components/ui/panel';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { ACCURACY_TEXT } from '@/shared/audits/audit-bits';
import { type AccuracyQuery, accuracyUrl, useAccuracyReport } from '../api/review-reports';
import { CsvButton } from './csv-button';
import { periodLabel } from './period-label';

const AccuracyChart = lazy(() => import('./review-charts').then((m) => ({ default: m.AccuracyChart })));

const Percent = ({ value }: { value: number }) => (
  <span className={cn('font-semibold tabular-nums', ACCURACY_TEXT[accuracyColor(value)])}>{value}%</span>
);

/** Per location: its counts and accuracy over the range, and the latest period's. */
function AccuracyTable({ report }: { report: TAccuracyReport }) {
  return (
    <Table aria-label="Accuracy by location" data-testid="accuracy-table">
      <THead>
        <tr>
          <Th>Location</Th>
          <Th className="text-right">Counts</Th>
          <Th className="text-right">Accuracy</Th>
          <Th className="text-right">Record accuracy</Th>
          <Th className="text-right">Latest {report.period}</Th>
        </tr>
      </THead>
      <TBody>
        {report.places.map((p) => {
          const latest = report.rows.filter((r) => r.place === p.place).at(-1);
          return (
            <Tr key={p.place}>
              <Td className="font-medium text-slate-900 dark:text-slate-100">{p.place}</Td>
              <Td className="text-right tabular-nums">{p.audits}</Td>
              <Td className="text-right">
                <Percent value={p.accuracy} />
              </Td>
              <Td className="text-right">
                {p.record_accuracy === null ? (
                  <span className="text-slate-400 dark:text-slate-500">–</span>
                ) : (
                  <Percent value={p.record_accuracy} />
                )}
              </Td>
              <Td className="text-right whitespace-nowrap">
                {latest && (
                  <>
                    <Percent value={latest.accuracy} />
                    <span className="ml-1.5 text-xs text-slate-500 dark:text-slate-400">
                      {periodLabel(latest.period, report.period)}
                    </span>
                  </>
                )}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}

/** Stock accuracy over time per location (a Dutchie room): the completed counts' accuracy by week or month. */
export function AccuracyPanel({
  range,
  period,
  onPeriod,
  isValid,
}: {
  range: { start: string; end: string };
  period: TAccuracyPeriod;
  onPeriod: (p: TAccuracyPeriod) => void;
  isValid: boolean;
}) {
  const query: AccuracyQuery = { from: range.start, to: range.end, period };
  const report = useAccuracyReport(query, isValid);
  const data = report.data;
  return (
    <Panel
      title="Stock accuracy"
      icon={Target}
      action={
        <CsvButton
          url={accuracyUrl(query, true)}
          fileName={`quantics-accuracy-by-${period}-${range.start}-to-${range.end}.csv`}
          disabled={!isValid}
        />
      }
    >
      <div className="mb-4 max-w-xs">
        <Field label="Accuracy by">
          {(id) => (
            <Select id={id} value={period} onChange={(e) => onPeriod(e.target.value as TAccuracyPeriod)}>
              <option value="week">Week</option>
              <option value="month">Month</option>
            </Select>
          )}
        </Field>
      </div>
      {report.isError && !data ? (
        <LoadError
          title="The accuracy report could not be loaded"
          error={report.error}
          onRetry={() => report.refetch()}
          isRetrying={report.isFetching}
        />
      ) : !data ? (
        <Spinner label="Loading the accuracy report" />
      ) : data.places.length === 0 ? (
        <EmptyState icon={Target} title="No completed counts in this period">
          Each location’s accuracy appears here once its counts are completed.
        </EmptyState>
      ) : (
        <div className="space-y-5" data-testid="accuracy-report">
          <Suspense
            fallback={<div className="h-64 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800/60" />}
          >
            <AccuracyChart report={data} />
          </Suspense>
          <AccuracyTable report={data} />
        </div>
      )}
    </Panel>
  );
}
