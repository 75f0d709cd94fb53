import {
  READER_PROTOCOL_TAG,
  ZAuditPathParam,
  ZBrowserDeviceResponse,
  ZCountSheet,
  ZCreateBrowserDeviceRequest,
  ZErrorResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireDevice } from '../../../lib/request-context.ts';
import { countSheet } from '../../audits/count-sheet.service.ts';
import { createBrowserDevice } from './count-screen.service.ts';

/**
 * The Count screen's two calls besides the reader protocol it speaks: a person sets up their handheld's browser
 * as a device (session), and the browser reads the sheet of its open audit (device token).
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
        response: { 200: ZCountSheet, 404: ZErrorResponse },
      },
    },
    async (request) => countSheet(app.db, requireDevice(request), request.params.audit_id),
  );
};
