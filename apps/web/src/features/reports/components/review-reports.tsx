import {
  addDays,
  companyDay,
  STORE_KPI_MAX_DAYS,
  type TAccuracyPeriod,
  type TShrinkGroup,
} from '@quantics/contracts';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { StoreKpisPanel } from '@/shared/zones/store-kpis-panel';
import { useCompanyZone } from '../company-zone';
import { AccuracyPanel } from './accuracy-panel';
import { ReportDates, rangeError } from './report-dates';
import { ShrinkPanel } from './shrink-panel';

/**
 * The company's last 90 days, its today included (its time zone's days): a quarter of shrink, and about thirteen
 * weeks of accuracy.
 */
/** The store KPIs answer a year at most: a longer range shows its last 366 days. */
const kpiRange = (r: { start: string; end: string }) => ({
  from:
    r.start < addDays(r.end, -(STORE_KPI_MAX_DAYS - 1)) ? addDays(r.end, -(STORE_KPI_MAX_DAYS - 1)) : r.start,
  to: r.end,
});

export function defaultReviewRange(zone: string, now = new Date()) {
  const end = companyDay(zone, now);
  return { start: addDays(end, -89), end };
}

/** Shrink (approved adjustments) and stock accuracy per location over one period, each with its CSV. */
export function ReviewReports() {
  const zone = useCompanyZone();
  const [range, setRange] = useState(() => defaultReviewRange(zone));
  const [group, setGroup] = useState<TShrinkGroup>('reason');
  const [period, setPeriod] = useState<TAccuracyPeriod>('week');
  const error = rangeError(range.start, range.end);
  return (
    <section aria-labelledby="review-reports-title" className="mt-6 space-y-4 sm:space-y-6">
      <Card className="p-5 sm:p-6">
        <h2 id="review-reports-title" className="text-base font-semibold text-slate-900 dark:text-slate-100">
          Shrink and stock accuracy
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
          What counts changed in the books, and how accurate each location’s stock was, over a period.
        </p>
        <ReportDates
          start={range.start}
          end={range.end}
          onChange={setRange}
          error={error}
          labels={['From', 'To']}
        />
      </Card>
      <ShrinkPanel range={range} group={group} onGroup={setGroup} isValid={!error} />
      <AccuracyPanel range={range} period={period} onPeriod={setPeriod} isValid={!error} />
      <StoreKpisPanel range={kpiRange(range)} isValid={!error} />
    </section>
  );
}
