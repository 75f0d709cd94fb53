import { z } from 'zod';
import { addDays, companyDay } from './company-day.ts';
import { isIsoDate } from './inventory.ts';

export const REPORT_TYPES = ['inventory', 'audits', 'low-stock', 'discrepancies'] as const;
export const ZReportType = z.enum(REPORT_TYPES, {
  error: 'Report type must be inventory, audits, low-stock or discrepancies',
});
export type TReportType = z.infer<typeof ZReportType>;

/** Only audits and discrepancies are limited to dates. */
export const DATED_REPORTS: readonly TReportType[] = ['audits', 'discrepancies'];

export const REPORT_LABELS: Record<TReportType, string> = {
  inventory: 'Inventory Report',
  audits: 'Audit Report',
  'low-stock': 'Low Stock Report',
  discrepancies: 'Discrepancy Report',
};

export const REPORT_MESSAGES = {
  noData: 'No data available for the selected report',
  dutchieNoData: 'No Dutchie inventory data available...',
  startAfterEnd: 'The start date must be on or before the end date',
  badDate: 'Dates must be written YYYY-MM-DD',
} as const;

/** The default range: the company's today and the 30 days before it (its time zone's days). */
export function defaultReportRange(zone: string, now = new Date()): { start: string; end: string } {
  const end = companyDay(zone, now);
  return { start: addDays(end, -30), end };
}

/** File names carry the report type and its dates. */
export function reportFileName(type: TReportType, start: string, end: string, today: string): string {
  return DATED_REPORTS.includes(type)
    ? `quantics-${type}-report-${start}-to-${end}.csv`
    : `quantics-${type}-report-${today}.csv`;
}

const ZDate = z.string().refine(isIsoDate, REPORT_MESSAGES.badDate).optional();

export const ZReportParams = z.object({ type: ZReportType });
export const ZReportQuery = z
  .object({ start: ZDate, end: ZDate })
  .refine((q) => !q.start || !q.end || q.start <= q.end, { message: REPORT_MESSAGES.startAfterEnd });
export type TReportQuery = z.infer<typeof ZReportQuery>;
