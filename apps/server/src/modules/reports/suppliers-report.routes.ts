import {
  SUPPLIERS_REPORT_COLUMNS,
  type TSuppliersReport,
  ZErrorResponse,
  ZSuppliersReport,
  ZSuppliersReportQuery,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { callerOf } from '../../lib/request-context.ts';
import { type SupplierFiguresRow, supplierFigures, todayOf } from './suppliers-report.repo.ts';

/**
 * GET /api/reports/suppliers (and .csv): per supplier, its shipments received in the range, units expected, received,
 * short and over, and the share received exactly, in total and by week (issue 51; docs/receiving.md).
 */
export const suppliersReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];
  const description =
    "Per supplier, the shipments received from `from` to `to` (YYYY-MM-DD, the company's days, both included; " +
    'default the 30 days to today): shipments, units expected, received, short and over, and the share received ' +
    'exactly, in total and by week (weeks from Monday). Transfers between your places are left out.';
  app.get(
    '/api/reports/suppliers',
    {
      schema: {
        tags,
        description,
        querystring: ZSuppliersReportQuery,
        response: { 200: ZSuppliersReport, 400: ZErrorResponse },
      },
    },
    async (request) => suppliersReport(app.db, callerOf(request).companyId, request.query),
  );
  app.get(
    '/api/reports/suppliers.csv',
    { schema: { tags, description, querystring: ZSuppliersReportQuery } },
    async (request, reply) => {
      const report = await suppliersReport(app.db, callerOf(request).companyId, request.query);
      const rows: unknown[][] = [[...SUPPLIERS_REPORT_COLUMNS]];
      for (const s of report.suppliers) {
        for (const f of [{ ...s, week: 'total' }, ...s.weeks]) {
          rows.push(SUPPLIERS_REPORT_COLUMNS.map((c) => (c === 'supplier' ? (s.supplier ?? '') : f[c])));
        }
      }
      return sendCsv(reply, `quantics-suppliers-report-${report.from}-to-${report.to}.csv`, toCsv(rows));
    },
  );
};

async function suppliersReport(
  db: Db,
  companyId: number,
  q: { from?: string; to?: string },
): Promise<TSuppliersReport> {
  const { from, to } = await rangeOf(db, companyId, q);
  const rows = await supplierFigures(db, companyId, from, to);
  const figures = (r: SupplierFiguresRow) => ({
    shipments: r.shipments,
    units_expected: r.units_expected,
    units_received: r.units_received,
    units_short: r.units_short,
    units_over: r.units_over,
    exact: r.exact,
    exact_share: r.shipments === 0 ? 0 : Math.round((r.exact * 100) / r.shipments),
  });
  const suppliers = rows
    .filter((r) => r.week === null)
    .map((total) => ({
      supplier: total.supplier,
      ...figures(total),
      weeks: rows
        .filter((r) => r.week !== null && r.supplier === total.supplier)
        .map((r) => ({ week: r.week as string, ...figures(r) })),
    }));
  return { from, to, suppliers };
}

/** The range asked for, or the company's today and the 30 days before it. */
async function rangeOf(db: Db, companyId: number, q: { from?: string; to?: string }) {
  if (q.from && q.to) return { from: q.from, to: q.to };
  const to = q.to ?? (await todayOf(db, companyId));
  const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}
