import { IMPINJ_EVENTS_MAX, ZEBRA_WEBHOOK_PATH, ZZebraEventsRequest } from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fixedReaderWebhook } from './fixed-webhook.routes.ts';
import { receiveParsed } from './fixed-webhook.service.ts';

/**
 * A Zebra FX7500, FX9600, ATR7000 or FXR90 through its IoT Connector's HTTP POST data endpoint. The contract turns
 * each tag event (SIMPLE, INVENTORY, PORTAL, CONVEYOR, CUSTOM) into a read: data.idHex the EPC, data.TID, peakRssi
 * (dBm), reads (the count) and the event's timestamp; every other type (HEARTBEAT, GPI, ERROR, BLE, ...) is none.
 */
export const zebraRoutes: FastifyPluginAsyncZod = async (app) => {
  fixedReaderWebhook(app, {
    path: ZEBRA_WEBHOOK_PATH,
    body: ZZebraEventsRequest,
    description:
      `A Zebra reader's IoT Connector data events: a JSON array (batched) or one event, at most ` +
      `${IMPINJ_EVENTS_MAX} a post. HTTP Basic: the reader's serial number and its webhook password. Tag events ` +
      '(SIMPLE, INVENTORY, PORTAL, CONVEYOR, CUSTOM) are reads and land in the reader’s open count; other types ' +
      '(HEARTBEAT, GPI, ERROR, ...) keep it online and are not stored. A resent post is stored once. 204 for an ' +
      'accepted body.',
    receive: (deps, device, parsed) => receiveParsed(deps, device, 'zebra_iot_connector', parsed),
  });
};
