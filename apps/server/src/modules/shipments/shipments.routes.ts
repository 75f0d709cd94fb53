import {
  SHIPMENT_MESSAGES,
  ZCreateShipmentRequest,
  ZErrorResponse,
  ZIdParam,
  ZShipment,
  ZShipmentsImportResponse,
  ZShipmentsQuery,
  ZShipmentsResponse,
  ZSuccessResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import { sendCsv } from '../../lib/csv.ts';
import { callerOf } from '../../lib/request-context.ts';
import { acceptFileUploads, uploadedFile } from '../../lib/uploaded-file.ts';
import { metrcCsvRows, metrcShipment } from '../metrc/metrc-receipt.service.ts';
import { receiptCsv, receiptView } from './receipt.service.ts';
import { findShipment } from './shipments.repo.ts';
import {
  createShipment,
  deleteShipment,
  getShipment,
  listShipments,
  sendTransfer,
} from './shipments.service.ts';
import { importShipments } from './shipments-csv.ts';

/** An ASN file of 10,000 lines is far below this. */
const CSV_MAX_MEGABYTES = 4;

/**
 * Shipments: advance ship notices and transfers, and their receipts (docs/receiving.md). Operators, admins and API
 * keys with shipments:write make, send and delete them; everyone (and shipments:read) reads them.
 */
export const shipmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['shipments'];
  await acceptFileUploads(app, CSV_MAX_MEGABYTES);

  app.post(
    '/api/shipments',
    {
      schema: {
        tags,
        description:
          'An expected shipment: reference (unique), supplier, destination_location_id, source_location_id for a ' +
          'transfer between your places, expected_at, lines loose or in cartons (each carton by its SSCC), each ' +
          'naming its product by one of sku, gtin or code with a quantity, and epcs: the serialized items announced. ' +
          'A bad field is a 400 naming it (cartons[1].sscc: ...); a reference already used is 409.',
        body: ZCreateShipmentRequest,
        response: { 201: ZShipment, 400: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const id = await createShipment(app.db, caller, request.body);
      return reply.status(201).send(await getShipment(app.db, caller.companyId, id));
    },
  );

  app.post(
    '/api/shipments/import',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Advance ship notices as CSV (form field `file`; columns reference, supplier, destination, sscc, sku or ' +
          'gtin, quantity; one line per carton line, sscc empty for a loose line): one shipment per reference, all ' +
          'or none; a bad line is a 400 naming its row.',
        response: {
          201: ZShipmentsImportResponse,
          400: ZErrorResponse,
          409: ZErrorResponse,
          413: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = await uploadedFile(request, CSV_MAX_MEGABYTES);
      return reply.status(201).send(await importShipments(app.db, caller, body));
    },
  );

  app.get(
    '/api/shipments',
    {
      schema: {
        tags,
        description:
          'Shipments, newest first (at most 1,000): status, supplier (any case) and from/to (YYYY-MM-DD, the ' +
          "company's days, when they were made) narrow them.",
        querystring: ZShipmentsQuery,
        response: { 200: ZShipmentsResponse, 400: ZErrorResponse },
      },
    },
    async (request) => ({ data: await listShipments(app.db, callerOf(request).companyId, request.query) }),
  );

  app.get(
    '/api/shipments/:id',
    {
      schema: {
        tags,
        description:
          'A shipment with its lines, cartons, announced EPCs and its receipt: worked out from its count while ' +
          'it reads (state open), kept once completed.',
        params: ZIdParam,
        response: { 200: ZShipment, 404: ZErrorResponse },
      },
    },
    async (request) => getShipment(app.db, callerOf(request).companyId, request.params.id),
  );

  app.delete(
    '/api/shipments/:id',
    {
      schema: {
        tags,
        description: 'Deletes a shipment still expected; 409 once sent or being received.',
        params: ZIdParam,
        response: { 200: ZSuccessResponse, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => {
      await deleteShipment(app.db, callerOf(request).companyId, request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/shipments/:id/send',
    {
      schema: {
        tags,
        description:
          "Sends a transfer: its units leave the source's stock (transfer_out movements naming the shipment) and it " +
          'is in transit until received. 409 when it is no transfer, already sent, or the source holds too few.',
        params: ZIdParam,
        response: { 200: ZShipment, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => sendTransfer(app.db, callerOf(request), request.params.id),
  );

  app.get(
    '/api/shipments/:id/receipt.csv',
    {
      schema: {
        tags,
        description:
          'The receipt as CSV: a line per product (expected, received, difference, status), then unknown codes, ' +
          'cartons and the announced serials not read.',
        params: ZIdParam,
      },
    },
    async (request, reply) => {
      const { companyId } = callerOf(request);
      const s = await findShipment(app.db, companyId, request.params.id);
      if (!s) throw notFound(SHIPMENT_MESSAGES.notFound);
      // A Metrc manifest's sheet adds, per package, what to accept or reject in Metrc.
      const metrc = await metrcShipment(app.db, companyId, s);
      const csv = receiptCsv(
        s.reference,
        await receiptView(app.db, companyId, s),
        metrcCsvRows(s.reference, metrc),
      );
      const name = `quantics-receipt-${s.reference.replace(/[^A-Za-z0-9_-]+/g, '_')}.csv`;
      return sendCsv(reply, name, csv);
    },
  );
};
