import { IMPINJ_EVENTS_MAX, SPEEDWAY_WEBHOOK_PATH, ZSpeedwayEventsRequest } from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fixedReaderWebhook } from './fixed-webhook.routes.ts';
import { receiveParsed } from './fixed-webhook.service.ts';

/**
 * An Impinj Speedway (R120, R220, R420) or xArray through Speedway Connect's HTTP POST output (JSON). The contract
 * turns each tag read into a read: epc, tid, peakRssi (dBm) and firstSeenTimestamp; a heartbeat (isHeartBeat) is
 * none.
 */
export const speedwayRoutes: FastifyPluginAsyncZod = async (app) => {
  fixedReaderWebhook(app, {
    path: SPEEDWAY_WEBHOOK_PATH,
    body: ZSpeedwayEventsRequest,
    description:
      `Speedway Connect's tag reads: one JSON object, a JSON array, or { reader_name, mac_address, tag_reads }, at ` +
      `most ${IMPINJ_EVENTS_MAX} a post. HTTP Basic: the reader's serial number and its webhook password. Tag ` +
      'reads land in the reader’s open count; a heartbeat (isHeartBeat: true) keeps it online. A resent post is ' +
      'stored once. 204 for an accepted body.',
    receive: (deps, device, parsed) => receiveParsed(deps, device, 'speedway_connect', parsed),
  });
};
