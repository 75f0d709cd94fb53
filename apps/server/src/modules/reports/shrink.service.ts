import { defaultReportRange, type TShrinkReport, type TShrinkRow } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { companyZone } from '../../db/company-day.ts';
import { type ShrinkGroup, shrinkRows } from './shrink.repo.ts';

const cents = (n: number) => Math.round(n * 100) / 100;

/** Approved adjustments over a period of the company's days (default the last 30, both ends included), by one grouping. */
export async function shrinkReport(
  db: Db,
  companyId: number,
  query: { from?: string; to?: string; group_by: ShrinkGroup },
): Promise<TShrinkReport> {
  const range = defaultReportRange(await companyZone(db, companyId));
  const from = query.from ?? range.start;
  const to = query.to ?? range.end;
  const rows: TShrinkRow[] = (await shrinkRows(db, companyId, from, to, query.group_by)).map((r) => {
    const valueLost = Number(r.value_lost);
    const valueFound = Number(r.value_found);
    return {
      group: r.grp,
      label: r.label,
      lines: r.lines,
      units_lost: r.units_lost,
      units_found: r.units_found,
      units_net: r.units_found - r.units_lost,
      value_lost: valueLost,
      value_found: valueFound,
      value_net: cents(valueFound - valueLost),
    };
  });
  const sum = (
    k: 'lines' | 'units_lost' | 'units_found' | 'units_net' | 'value_lost' | 'value_found' | 'value_net',
  ) => rows.reduce((s, r) => s + r[k], 0);
  return {
    from,
    to,
    group_by: query.group_by,
    rows,
    totals: {
      lines: sum('lines'),
      units_lost: sum('units_lost'),
      units_found: sum('units_found'),
      units_net: sum('units_net'),
      value_lost: cents(sum('value_lost')),
      value_found: cents(sum('value_found')),
      value_net: cents(sum('value_net')),
    },
  };
}

export const SHRINK_CSV_HEADER = [
  'Group',
  'Lines',
  'Units lost',
  'Units found',
  'Net units',
  'Value lost',
  'Value found',
  'Net value',
];

/** The report's rows for the CSV, totals last. */
export function shrinkCsvRows(r: TShrinkReport): unknown[][] {
  const money = (n: number) => n.toFixed(2);
  return [
    ...r.rows.map((x) => [
      x.label,
      x.lines,
      x.units_lost,
      x.units_found,
      x.units_net,
      money(x.value_lost),
      money(x.value_found),
      money(x.value_net),
    ]),
    [
      'Total',
      r.totals.lines,
      r.totals.units_lost,
      r.totals.units_found,
      r.totals.units_net,
      money(r.totals.value_lost),
      money(r.totals.value_found),
      money(r.totals.value_net),
    ],
  ];
}
