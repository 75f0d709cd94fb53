import { Readable } from 'node:stream';
import { constants } from 'node:zlib';
import fastifyMultipart from '@fastify/multipart';
import {
  addDays,
  CSV_MESSAGES,
  companyDay,
  ZErrorResponse,
  ZIdParam,
  ZMovementHistory,
  ZMovementHistoryQuery,
  ZMovementsReportQuery,
  ZMovementsRequest,
  ZMovementsResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyDayStartAt, companyZone } from '../../db/company-day.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { sendCsv } from '../../lib/csv.ts';
import { callerOf } from '../../lib/request-context.ts';
import { checkRange, movementHistory, movementsReportCsv } from './history.service.ts';
import { applyMovements, checkMovements } from './movements.service.ts';
import { CSV_NAMING, type LocationPaths, movementsOfCsv } from './movements-csv.ts';

/** A CSV of at most 5,000 movements is far below this. */
const CSV_MAX_BYTES = 4 * 1024 * 1024;

/** A day bound as an instant: `from` at the start of the company's day, `to` at the end of it (its time zone's). */
const bound = (v: string | undefined, edge: 'from' | 'to', zone: string) => {
  if (v === undefined || v.length !== 10) return v;
  return companyDayStartAt(edge === 'to' ? addDays(v, 1) : v, zone).toISOString();
};

/**
 * Stock movements: what a till, an ERP or a person sends (sales, returns, receipts, transfers, adjustments), a
 * product's history, and the report. Operators, admins and API keys with movements:write send; see the access table.
 */
export type MovementsRoutesOptions = {
  /**
   * The company's locations by path, for a CSV's location column (locations', handed in by app.ts: movements does not
   * import locations, whose deletion moves stock through movements).
   */
  locationPaths: LocationPaths;
};

export const movementsRoutes: FastifyPluginAsyncZod<MovementsRoutesOptions> = async (app, options) => {
  const tags = ['inventory'];
  await app.register(fastifyMultipart, {
    limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 5, parts: 10 },
  });

  app.post(
    '/api/inventory/movements',
    {
      schema: {
        tags,
        description:
          'Applies 1 to 5,000 movements in one transaction, all or none: each names its product (product_id, sku ' +
          'or code), a non-zero whole delta, a reason (sale, return, receipt, transfer_in, transfer_out, ' +
          'adjustment), and optionally location_id (needed when the product is kept in several places), at ' +
          '(default now, at most 5 minutes ahead), reference and client_id. A client_id already recorded is not ' +
          'applied again: it answers the movement first recorded, duplicate: true. A bad movement is a 400 ' +
          'naming it (movements[3].sku: ...).',
        body: ZMovementsRequest,
        response: { 200: ZMovementsResponse, 400: ZErrorResponse, 409: ZErrorResponse },
      },
      // The answer of 1,000 movements is about 250 kB of JSON: gzip's fastest level keeps most of the saving for a
      // till on a slow line at a fraction of the default level's CPU (docs/benchmarks.md, stock movements).
      compress: { zlibOptions: { level: constants.Z_BEST_SPEED } },
    },
    async (request) => applyMovements(app.movementCalls, callerOf(request), checkMovements(request.body)),
  );

  app.post(
    '/api/inventory/movements/import',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          "A CSV of movements (form field `file`; columns sku, location, delta, reason, at, reference): a till's " +
          'daily export, applied like a call, all or none; a bad line is a 400 naming its row. The same file sent ' +
          'again is not applied again.',
        response: { 200: ZMovementsResponse, 400: ZErrorResponse, 409: ZErrorResponse, 413: ZErrorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!request.isMultipart()) throw badRequest(CSV_MESSAGES.noFile);
      const file = await request.file().catch(() => {
        throw badRequest(CSV_MESSAGES.noFile);
      });
      if (file?.fieldname !== 'file') throw badRequest(CSV_MESSAGES.noFile);
      const body = await file.toBuffer().catch((e: { code?: string }) => {
        if (e?.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, CSV_MESSAGES.tooLarge(4));
        throw badRequest(CSV_MESSAGES.noFile);
      });
      const sent = await movementsOfCsv(app.db, caller.companyId, body, options.locationPaths);
      return applyMovements(app.movementCalls, caller, sent, CSV_NAMING);
    },
  );

  app.get(
    '/api/inventory/:id/movements',
    {
      schema: {
        tags,
        description:
          "A product's movements, newest first: `limit` (1-500, default 50) at a time, `cursor` the previous " +
          "page's next_cursor; location_id (an id or 'none'), from and to (ISO 8601) narrow them.",
        params: ZIdParam,
        querystring: ZMovementHistoryQuery,
        response: { 200: ZMovementHistory, 400: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => movementHistory(app.db, callerOf(request).companyId, request.params.id, request.query),
  );

  app.get(
    '/api/reports/movements.csv',
    {
      schema: {
        tags: ['reports'],
        querystring: ZMovementsReportQuery,
        description:
          "The company's stock movements as CSV, oldest first, streamed: from and to are days (YYYY-MM-DD, the " +
          "company's time zone's, both included) or instants (ISO 8601); without them, every movement.",
      },
    },
    async (request, reply) => {
      const { companyId } = callerOf(request);
      const zone = await companyZone(app.db, companyId);
      const range = {
        from: bound(request.query.from, 'from', zone),
        to: bound(request.query.to, 'to', zone),
      };
      checkRange(range);
      const day = companyDay(zone);
      const body = (async function* () {
        yield '\uFEFF';
        yield* movementsReportCsv(app.db, companyId, range);
      })();
      return sendCsv(reply, `quantics-movements-${day}.csv`, Readable.from(body, { highWaterMark: 1 }));
    },
  );
};
