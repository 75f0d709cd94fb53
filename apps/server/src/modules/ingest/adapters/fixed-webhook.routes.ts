import { READER_PROTOCOL_TAG, ZErrorResponse } from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DeviceContext, requireDevice } from '../../../lib/request-context.ts';
import type { IngestDeps } from '../audit-lifecycle.service.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * One fixed reader's webhook: the reader's own body, HTTP Basic with its serial number and webhook password (the
 * access policy's 'fixed-reader'). Always 204 for an accepted body, stored or not: the reader has nothing to do
 * with more. The body's contract turns what arrives into reads; `receive` hands them to the ingest.
 */
export function fixedReaderWebhook<T extends z.ZodType>(
  app: App,
  route: {
    path: string;
    body: T;
    description: string;
    receive: (deps: IngestDeps, device: DeviceContext, body: z.output<T>) => Promise<unknown>;
  },
) {
  const ingest = app.ingest;
  app.post(
    route.path,
    {
      // 5,000 events with every optional field a reader may add are about 2 MB of JSON.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: [READER_PROTOCOL_TAG],
        security: [{ basic: [] }],
        description: route.description,
        body: route.body,
        response: { 204: z.null().describe('Accepted'), 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request, reply) => {
      await route.receive(ingest, requireDevice(request), request.body as z.output<T>);
      return reply.status(204).send(null);
    },
  );
}
