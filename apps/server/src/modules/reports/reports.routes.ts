import { Readable } from 'node:stream';
import {
  defaultReportRange,
  REPORT_MESSAGES,
  reportFileName,
  SECURITY_LOG_HEADER,
  type TReportType,
  ZReportParams,
  ZReportQuery,
  ZSecurityLogQuery,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyZone } from '../../db/company-day.ts';
import { notFound } from '../../lib/app-error.ts';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { callerOf, requireAuth } from '../../lib/request-context.ts';
import { type DutchieReportType, dutchieReport } from './dutchie-reports.ts';
import { reportSource } from './report-sources.ts';
import { reportRows } from './reports.repo.ts';
import { securityLogSource } from './security-log.ts';

/**
 * GET /api/reports/{type}.csv: the server writes the CSV (UTF-8 with a BOM, so spreadsheets read accents right)
 * and streams it page by page. An empty report is a 404 with the spec's message instead of an empty file.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/security-log.csv',
    {
      schema: {
        tags: ['reports'],
        querystring: ZSecurityLogQuery,
        description:
          "Admins: the company's security log as CSV (from and to: YYYY-MM-DD, days of the company's time zone, " +
          'both included, default the last 30 days): sign-ins, failed sign-ins, two-factor and password changes, sessions ended, role and policy ' +
          'changes, with the address and User-Agent. Streamed; cells that a spreadsheet would run as a formula are ' +
          'neutralised. A range with no events is the header alone.',
      },
    },
    async (request, reply) => {
      const { companyId } = requireAuth(request);
      const range = defaultReportRange(await companyZone(app.db, companyId));
      const from = request.query.from ?? range.start;
      const to = request.query.to ?? range.end;
      const pages = reportRows(app.db, securityLogSource(companyId, from, to));
      const body = (async function* () {
        yield `\uFEFF${toCsv([SECURITY_LOG_HEADER])}`;
        for await (const page of pages) yield toCsv(page);
      })();
      return sendCsv(
        reply,
        `quantics-security-log-${from}-to-${to}.csv`,
        Readable.from(body, { highWaterMark: 1 }),
      );
    },
  );

  app.get(
    '/api/reports/:type.csv',
    {
      schema: {
        tags: ['reports'],
        params: ZReportParams,
        querystring: ZReportQuery,
        description:
          "inventory (a line per product and place: Location is the home, Place where the line's Quantity is, " +
          "Total Quantity the product's), low-stock (products whose total is low or out, their places and units " +
          'in Location), audits and discrepancies (start and end dates, ' +
          "YYYY-MM-DD, days of the company's time zone, both included, default the last 30 days) as CSV. " +
          'For a point-of-sale company, inventory is every Dutchie ' +
          'package (zero quantities included) and low-stock the packages with 0 < quantity <= 5, with the reorder ' +
          'value (shortage to 5 x unit cost).',
      },
    },
    async (request, reply) => {
      const { companyId, inventoryType } = callerOf(request);
      const { type } = request.params;
      const zone = await companyZone(app.db, companyId);
      const range = defaultReportRange(zone);
      const start = request.query.start ?? range.start;
      const end = request.query.end ?? range.end;
      const body =
        inventoryType === 'dutchie' && (type === 'inventory' || type === 'low-stock')
          ? await pointOfSaleCsv(companyId, type)
          : await catalogueCsv(companyId, type, start, end);
      const name = reportFileName(type, start, end, range.end);
      // One page read ahead at most (Readable.from buffers 16 by default): memory stays flat whatever the size.
      return sendCsv(reply, name, Readable.from(body, { highWaterMark: 1 }));
    },
  );

  /** The catalogue's or the audits' rows, read from the database page by page while the CSV is sent. */
  async function catalogueCsv(companyId: number, type: TReportType, start: string, end: string) {
    const source = reportSource(type, {
      companyId,
      start,
      end,
      clock: app.audits,
    });
    const pages = reportRows(app.db, source);
    const firstPage = await pages.next();
    if (firstPage.done) throw notFound(REPORT_MESSAGES.noData);
    return (async function* () {
      yield `\uFEFF${toCsv([source.header])}`;
      yield toCsv(firstPage.value as unknown[][]);
      for await (const page of pages) yield toCsv(page);
    })();
  }

  /** A point-of-sale company's inventory and low-stock reports, from its Dutchie snapshot. */
  async function pointOfSaleCsv(companyId: number, type: DutchieReportType) {
    const { header, pages } = await dutchieReport(app.dutchie, companyId, type);
    if (pages.length === 0) throw notFound(REPORT_MESSAGES.dutchieNoData);
    return (function* () {
      yield `\uFEFF${toCsv([header])}`;
      for (const page of pages) yield toCsv(page);
    })();
  }
};
