import { companyDay, DATED_REPORTS, defaultReportRange, type TReportType } from '@quantics/contracts';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAuth } from '@/app/auth-provider';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { REPORT_TEXTS } from '@/features/reports/report-texts';
import { ApiError } from '@/lib/api-client';
import { formatBytes } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { notify } from '@/lib/toast';
import { downloadReport, type ReportRequest } from '../api/download-report';
import { useReportStats } from '../api/report-stats';
import { useCompanyZone } from '../company-zone';
import { ReportDates, rangeError } from '../components/report-dates';
import { ReportStats } from '../components/report-stats';
import { ReportTypePicker } from '../components/report-type-picker';
import { ReviewReports } from '../components/review-reports';

export function ReportsPage() {
  usePageTitle('Reports');
  const { user } = useAuth();
  const isPointOfSale = user?.inventory_type === 'dutchie';
  const stats = useReportStats();
  useEffect(() => {
    if (stats.error) notify.error(REPORT_TEXTS.statsFailed);
  }, [stats.error]);
  const [type, setType] = useState<TReportType>('inventory');
  const zone = useCompanyZone();
  const [range, setRange] = useState(() => defaultReportRange(zone));
  const [bytes, setBytes] = useState(0);
  const isDated = DATED_REPORTS.includes(type);
  const error = isDated ? rangeError(range.start, range.end) : undefined;

  const generate = useMutation({
    mutationFn: (req: ReportRequest) => {
      setBytes(0);
      return downloadReport(req, setBytes);
    },
    onError: (err, req) => {
      // A point-of-sale company's inventory and low-stock reports are its Dutchie packages.
      const isDutchie = isPointOfSale && !DATED_REPORTS.includes(req.type);
      if (err instanceof ApiError && err.status === 404)
        notify.error(isDutchie ? REPORT_TEXTS.dutchieNoData : REPORT_TEXTS.noData);
      else if (err instanceof ApiError && err.status === 400 && err.hasServerMessage)
        notify.error(err.message);
      else notify.error(isDutchie ? REPORT_TEXTS.dutchieFailed : REPORT_TEXTS.generateFailed);
    },
  });

  return (
    <>
      <PageHeader
        title="Reports"
        description="Download your inventory, audits and discrepancies as CSV files."
      />
      <ReportStats stats={stats.data} />
      <Card className="p-5 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Generate Report</h2>
        <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
          Choose a report. The file opens in any spreadsheet.
        </p>
        <ReportTypePicker
          isPointOfSale={isPointOfSale}
          value={type}
          onChange={(t) => {
            setType(t);
            generate.reset();
          }}
        />
        {isDated && (
          <div className="mt-6">
            <ReportDates start={range.start} end={range.end} onChange={setRange} error={error} />
          </div>
        )}
        <div className="mt-6 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center dark:border-slate-800">
          <Button
            size="lg"
            className="w-full sm:w-auto"
            isLoading={generate.isPending}
            disabled={!!error}
            onClick={() => generate.mutate({ type, ...range, today: companyDay(zone) })}
          >
            {!generate.isPending && <Download className="size-5" aria-hidden />}
            {REPORT_TEXTS.generate}
          </Button>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {generate.isPending ? (
              bytes > 0 ? (
                `Downloading... ${formatBytes(bytes)}`
              ) : (
                'Preparing the report...'
              )
            ) : generate.isSuccess ? (
              <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
                <CheckCircle2 className="size-4" aria-hidden />
                Downloaded {generate.data} ({formatBytes(bytes)})
              </span>
            ) : null}
          </p>
        </div>
      </Card>
      <ReviewReports />
    </>
  );
}
