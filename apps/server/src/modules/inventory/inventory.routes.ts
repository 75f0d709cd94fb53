import { Readable } from 'node:stream';
import {
  CSV_TEMPLATE_FILENAME,
  ZCodeLookupQuery,
  ZCodeLookupResponse,
  ZErrorResponse,
  ZIdParam,
  ZInventoryFilters,
  ZInventoryListResponse,
  ZInventoryQuery,
  ZProduct,
  ZProductRequest,
  ZSuccessResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv.ts';
import { callerOf, requireAuth } from '../../lib/request-context.ts';
import { lookupCode } from './code-lookup.service.ts';
import * as inventory from './inventory.service.ts';
import { exportCsv, templateCsv } from './inventory-export.ts';

/** The local catalogue (members read, operators and admins write; see the access table). CSV import: import.routes.ts. */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
  const tags = ['inventory'];

  app.get(
    '/api/inventory',
    { schema: { tags, querystring: ZInventoryQuery, response: { 200: ZInventoryListResponse } } },
    async (request) => inventory.listInventory(app.inventory, callerOf(request).companyId, request.query),
  );

  app.get(
    '/api/inventory/lookup',
    {
      schema: {
        tags,
        description:
          'What a scanned code is: an EPC, a GTIN barcode (UPC-A, UPC-E, EAN-8, EAN-13, GTIN-14), a GS1 element ' +
          'string (GS1-128, GS1 DataMatrix; GS as U+001D) or Digital Link, a SKU, or for a Dutchie company a Metrc ' +
          'label or package id. `code` is 1 to 200 printable characters.',
        querystring: ZCodeLookupQuery,
        response: { 200: ZCodeLookupResponse, 400: ZErrorResponse, 502: ZErrorResponse, 503: ZErrorResponse },
      },
    },
    async (request) =>
      lookupCode({ db: app.db, dutchie: app.dutchie }, requireAuth(request), request.query.code),
  );

  app.get(
    '/api/inventory/csv-template',
    { schema: { tags, description: 'A CSV with the import columns and one example row' } },
    async (_request, reply) => sendCsv(reply, CSV_TEMPLATE_FILENAME, templateCsv()),
  );

  app.get(
    '/api/inventory/export.csv',
    {
      schema: {
        tags,
        querystring: ZInventoryFilters,
        description:
          "The catalogue (with the list's search and status filter) in the template's columns, streamed",
      },
    },
    async (request, reply) => {
      const companyId = callerOf(request).companyId;
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(
        reply,
        `inventory-${day}.csv`,
        Readable.from(exportCsv(app.db, companyId, request.query)),
      );
    },
  );

  app.get(
    '/api/inventory/:id',
    { schema: { tags, params: ZIdParam, response: { 200: ZProduct, 404: ZErrorResponse } } },
    async (request) => inventory.getProduct(app.db, callerOf(request).companyId, request.params.id),
  );

  app.post(
    '/api/inventory',
    { schema: { tags, body: ZProductRequest, response: { 201: ZProduct, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await inventory.createProduct(app.db, callerOf(request), request.body)),
  );

  app.put(
    '/api/inventory/:id',
    { schema: { tags, params: ZIdParam, body: ZProductRequest, response: { 200: ZProduct, ...errors } } },
    async (request) => inventory.updateProduct(app.db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/inventory/:id',
    { schema: { tags, params: ZIdParam, response: { 200: ZSuccessResponse, 404: ZErrorResponse } } },
    async (request) => {
      await inventory.deleteProduct(app.db, callerOf(request), request.params.id);
      return { success: true as const };
    },
  );
};
