import {
  IMPINJ_EVENTS_MAX,
  IMPINJ_WEBHOOK_PATH,
  READER_PROTOCOL_TAG,
  ZErrorResponse,
  ZImpinjEventsRequest,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireDevice } from '../../../lib/request-context.ts';
import { receiveEvents } from './impinj.service.ts';

/**
 * The Impinj R700's webhook (its IoT device interface): the reader's own body, HTTP Basic with its serial number
 * and webhook password. Always 204 for an accepted body, stored or not: the reader has nothing to do with more.
 */
export const impinjRoutes: FastifyPluginAsyncZod = async (app) => {
  const ingest = app.ingest;
  app.post(
    IMPINJ_WEBHOOK_PATH,
    {
      // 5,000 events with every optional field the R700 may add are about 2 MB of JSON.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: [READER_PROTOCOL_TAG],
        security: [{ basic: [] }],
        description:
          `An Impinj R700's tag events (at most ${IMPINJ_EVENTS_MAX} a post). HTTP Basic: the reader's serial ` +
          'number and its webhook password. tagInventory events are reads and land in the reader’s open count; ' +
          'other event types are ignored; [] is a keep-alive. A resent post is stored once. 204 for an accepted ' +
          'body (stored, not stored because no count is open, or a keep-alive).',
        body: ZImpinjEventsRequest,
        response: { 204: z.null().describe('Accepted'), 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request, reply) => {
      await receiveEvents(ingest, requireDevice(request), request.body);
      return reply.status(204).send(null);
    },
  );
};
