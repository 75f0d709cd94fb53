import { Readable } from 'node:stream';
import {
  ZAntennasRequest,
  ZAntennasResponse,
  ZErrorResponse,
  ZIdParam,
  ZMinimumRequest,
  ZMovedRequest,
  ZMovementsResponse,
  ZReplenishmentCsvQuery,
  ZReplenishmentQuery,
  ZReplenishmentResponse,
  ZStoreKpiQuery,
  ZStoreKpiResponse,
  ZSuccessResponse,
  ZWhereQuery,
  ZWhereResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv.ts';
import { requireAuth } from '../../lib/request-context.ts';
import { getAntennas, putAntennas } from './antennas.service.ts';
import { storeKpis } from './store-kpis.service.ts';
import { recordMoved, refillCsv, refillList, setMinimum, whereIs } from './zones.service.ts';

/** Zones (issue 52): a fixed reader's antennas, "where is it" and a store's refill list. */
export const zonesRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

  app.get(
    '/api/devices/:id/antennas',
    { schema: { tags: ['devices'], params: ZIdParam, response: { 200: ZAntennasResponse, ...errors } } },
    async (request) => getAntennas(app.db, requireAuth(request).companyId, request.params.id),
  );

  app.put(
    '/api/devices/:id/antennas',
    {
      schema: {
        tags: ['devices'],
        params: ZIdParam,
        body: ZAntennasRequest,
        response: { 200: ZAntennasResponse, ...errors },
      },
    },
    async (request) => putAntennas(app.db, requireAuth(request), request.params.id, request.body),
  );

  app.get(
    '/api/inventory/where',
    {
      schema: { tags: ['inventory'], querystring: ZWhereQuery, response: { 200: ZWhereResponse, ...errors } },
    },
    async (request) =>
      whereIs({ db: app.db, dutchie: app.dutchie }, requireAuth(request), request.query.code),
  );

  app.get(
    '/api/reports/store-kpis',
    {
      schema: {
        tags: ['reports'],
        description:
          "A store's inventory record accuracy (its counts': the share of products counted exactly right) and " +
          'on-shelf availability (the share of the products it holds with units on its sales floors), per company ' +
          'day; from, to: YYYY-MM-DD, both included, default the last 30 days (docs/zones.md).',
        querystring: ZStoreKpiQuery,
        response: { 200: ZStoreKpiResponse, ...errors },
      },
    },
    async (request) => storeKpis(app.db, requireAuth(request).companyId, request.query),
  );

  app.get(
    '/api/replenishment',
    {
      schema: {
        tags: ['inventory'],
        description:
          "A store's refill list, a page at a time: products whose sales floor is under its minimum while a " +
          'stockroom holds some, by recent sales, then what is missing, then name; limit (1-500, default 100) rows ' +
          "after cursor (the previous page's next_cursor). remaining: the rows listed from this page on.",
        querystring: ZReplenishmentQuery,
        response: { 200: ZReplenishmentResponse, ...errors },
      },
    },
    async (request) => refillList(app.db, requireAuth(request).companyId, request.query),
  );

  app.get(
    '/api/replenishment.csv',
    {
      schema: {
        tags: ['inventory'],
        description: "The store's whole refill list as CSV, in the list's order, streamed.",
        querystring: ZReplenishmentCsvQuery,
      },
    },
    async (request, reply) => {
      const csv = await refillCsv(app.db, requireAuth(request).companyId, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(
        reply,
        `quantics-refill-${csv.storeId}-${day}.csv`,
        Readable.from(csv.chunks, { highWaterMark: 1 }),
      );
    },
  );

  app.put(
    '/api/replenishment/minimum',
    {
      schema: { tags: ['inventory'], body: ZMinimumRequest, response: { 200: ZSuccessResponse, ...errors } },
    },
    async (request) => setMinimum(app.db, requireAuth(request), request.body),
  );

  app.post(
    '/api/replenishment/moved',
    {
      schema: { tags: ['inventory'], body: ZMovedRequest, response: { 200: ZMovementsResponse, ...errors } },
    },
    async (request) => recordMoved(app.movementCalls, requireAuth(request), request.body),
  );
};
