import { IMPINJ_EVENTS_MAX, IMPINJ_WEBHOOK_PATH, ZImpinjEventsRequest } from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fixedReaderWebhook } from './fixed-webhook.routes.ts';
import { receiveEvents } from './impinj.service.ts';

/** The Impinj R700's webhook (its IoT device interface). */
export const impinjRoutes: FastifyPluginAsyncZod = async (app) => {
  fixedReaderWebhook(app, {
    path: IMPINJ_WEBHOOK_PATH,
    body: ZImpinjEventsRequest,
    description:
      `An Impinj R700's tag events (at most ${IMPINJ_EVENTS_MAX} a post). HTTP Basic: the reader's serial ` +
      'number and its webhook password. tagInventory events are reads and land in the reader’s open count; ' +
      'other event types are ignored; [] is a keep-alive. A resent post is stored once. 204 for an accepted ' +
      'body (stored, not stored because no count is open, or a keep-alive).',
    receive: receiveEvents,
  });
};
