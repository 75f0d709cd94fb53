import {
  ZAccuracyQuery,
  ZAccuracyReport,
  ZErrorResponse,
  ZShrinkQuery,
  ZShrinkReport,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { callerOf } from '../../lib/request-context.ts';
import { ACCURACY_CSV_HEADER, accuracyCsvRows, accuracyReport } from './accuracy.service.ts';
import { SHRINK_CSV_HEADER, shrinkCsvRows, shrinkReport } from './shrink.service.ts';

// Tagged 'reviews' in the API docs, as before they moved here from the reviews module (the calls did not change).
const tags = ['reviews'];

/** What counts found over time: stock accuracy per place, and shrink (the adjustments counts made). */
export const countReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/accuracy',
    {
      schema: {
        tags,
        description:
          'Stock accuracy over time: per location (a Dutchie room) and week or month, the completed counts ' +
          '(recounts left out) and their mean accuracy; from, to: YYYY-MM-DD, both included, default the last 180 days.',
        querystring: ZAccuracyQuery,
        response: { 200: ZAccuracyReport, 400: ZErrorResponse },
      },
    },
    async (request) => accuracyReport(app.db, callerOf(request).companyId, request.query),
  );

  app.get(
    '/api/reports/accuracy.csv',
    { schema: { tags, description: 'The accuracy report as CSV.', querystring: ZAccuracyQuery } },
    async (request, reply) => {
      const report = await accuracyReport(app.db, callerOf(request).companyId, request.query);
      return sendCsv(
        reply,
        `quantics-accuracy-by-${report.period}-${report.from}-to-${report.to}.csv`,
        `\uFEFF${toCsv([ACCURACY_CSV_HEADER, ...accuracyCsvRows(report)])}`,
      );
    },
  );

  app.get(
    '/api/reports/shrink',
    { schema: { tags, querystring: ZShrinkQuery, response: { 200: ZShrinkReport, 400: ZErrorResponse } } },
    async (request) => shrinkReport(app.db, callerOf(request).companyId, request.query),
  );

  app.get(
    '/api/reports/shrink.csv',
    {
      schema: {
        tags,
        description:
          'Approved adjustments (from, to: YYYY-MM-DD, both included, default the last 30 days) grouped by reason, ' +
          'location, category or vendor, in units and value at cost, totals last.',
        querystring: ZShrinkQuery,
      },
    },
    async (request, reply) => {
      const report = await shrinkReport(app.db, callerOf(request).companyId, request.query);
      const header = [groupTitle(report.group_by), ...SHRINK_CSV_HEADER.slice(1)];
      return sendCsv(
        reply,
        `quantics-shrink-by-${report.group_by}-${report.from}-to-${report.to}.csv`,
        `\uFEFF${toCsv([header, ...shrinkCsvRows(report)])}`,
      );
    },
  );
};

const groupTitle = (g: string) =>
  ({ reason: 'Reason code', location: 'Location', category: 'Category' })[g] ?? 'Vendor';
