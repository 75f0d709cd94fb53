import { addDays, companyDay, type TAccuracyPeriod, type TAccuracyReport } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { companyZone } from '../../db/company-day.ts';
import { accuracyRows } from './accuracy.repo.ts';

/** The default range: the company's last 180 days, its today included. */
function defaultRange(zone: string, now = new Date()) {
  const to = companyDay(zone, now);
  return { from: addDays(to, -180), to };
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const meanOf = (sum: number | null, n: number) => (n === 0 ? null : oneDecimal(Number(sum) / n));

/**
 * Stock accuracy over time: per place and week or month, the completed counts and their mean accuracy; and per
 * place over the whole range (the mean of its counts, not of its periods).
 */
export async function accuracyReport(
  db: Db,
  companyId: number,
  query: { from?: string; to?: string; period: TAccuracyPeriod },
): Promise<TAccuracyReport> {
  const range = defaultRange(await companyZone(db, companyId));
  const from = query.from ?? (query.to && query.to < range.from ? query.to : range.from);
  const to = query.to ?? (query.from && query.from > range.to ? query.from : range.to);
  const found = await accuracyRows(db, companyId, from, to, query.period);
  const rows = found.map((r) => ({
    place: r.place,
    period: r.period,
    audits: r.audits,
    accuracy: oneDecimal(r.accuracy_sum / r.audits),
    record_accuracy: meanOf(r.record_sum, r.recorded),
  }));
  const byPlace = new Map<string, { audits: number; sum: number; recorded: number; recordSum: number }>();
  for (const r of found) {
    const p = byPlace.get(r.place) ?? { audits: 0, sum: 0, recorded: 0, recordSum: 0 };
    p.audits += r.audits;
    p.sum += r.accuracy_sum;
    p.recorded += r.recorded;
    p.recordSum += Number(r.record_sum ?? 0);
    byPlace.set(r.place, p);
  }
  const places = [...byPlace].map(([place, p]) => ({
    place,
    audits: p.audits,
    accuracy: oneDecimal(p.sum / p.audits),
    record_accuracy: meanOf(p.recordSum, p.recorded),
  }));
  return { from, to, period: query.period, rows, places };
}

export const ACCURACY_CSV_HEADER = [
  'Location',
  'Period starting',
  'Counts',
  'Accuracy %',
  'Record accuracy %',
];

export const accuracyCsvRows = (r: TAccuracyReport): unknown[][] =>
  r.rows.map((x) => [
    x.place,
    x.period,
    x.audits,
    x.accuracy.toFixed(1),
    x.record_accuracy?.toFixed(1) ?? '',
  ]);
