import {
  READER_PROTOCOL_TAG,
  ZAuditPathParam,
  ZBrowserDeviceResponse,
  ZCountSheet,
  ZCountSheetLookupRequest,
  ZCountSheetLookupResponse,
  ZCountSheetQuery,
  ZCreateBrowserDeviceRequest,
  ZErrorResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireDevice } from '../../../lib/request-context.ts';
import { countSheet, lookupSheet } from '../../audits/count-sheet.service.ts';
import { createBrowserDevice } from './count-screen.service.ts';

/**
 * The Count screen's calls besides the reader protocol it speaks: a person sets up their handheld's browser as a
 * device (session), and the browser reads its open audit's sheet: its totals, and the items of what it read, looked
 * up in batches (device token).
 */
export const countRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/devices/browser',
    {
      schema: {
        tags: ['devices'],
        description:
          'Sets up the caller’s browser as a device of the company (kind browser, owned by the caller) for the ' +
          'Count screen. The device_token is answered once: send it as a device token on the reader routes.',
        body: ZCreateBrowserDeviceRequest,
        response: { 201: ZBrowserDeviceResponse, 403: ZErrorResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createBrowserDevice(app.db, requireAuth(request), request.body.name)),
  );

  app.get(
    '/api/rfid/audits/:audit_id/sheet',
    {
      schema: {
        tags: [READER_PROTOCOL_TAG],
        security: [{ deviceToken: [] }],
        description:
          'What this reader’s audit counts against: every product (or Dutchie package) a tag could match, in scope ' +
          '(expected here) or not (misplaced when read here); an EPC matching none is unknown. Optional: readers ' +
          'that show what they read use it.',
        params: ZAuditPathParam,
        querystring: ZCountSheetQuery,
        response: { 200: ZCountSheet, 404: ZErrorResponse },
      },
    },
    async (request) =>
      countSheet(app.db, requireDevice(request), request.params.audit_id, request.query.items),
  );

  app.post(
    '/api/rfid/audits/:audit_id/sheet/lookup',
    {
      schema: {
        tags: [READER_PROTOCOL_TAG],
        security: [{ deviceToken: [] }],
        description:
          'The sheet’s items that these tags (EPCs) and scanned codes could match, in scope or not, so a reader ' +
          'names what it reads without the whole sheet (with `?items=none` on the sheet for its totals). Up to ' +
          '200 tags and codes a call; what matches none is unknown.',
        params: ZAuditPathParam,
        body: ZCountSheetLookupRequest,
        response: { 200: ZCountSheetLookupResponse, 400: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => lookupSheet(app.db, requireDevice(request), request.params.audit_id, request.body),
  );
};
