import { Readable } from 'node:stream';
import {
  EPCIS_MEDIA_TYPE,
  ZEpcisCaptureAccepted,
  ZEpcisCaptureIdParam,
  ZEpcisCaptureJob,
  ZEpcisEventsQuery,
  ZErrorResponse,
  ZIdParam,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/request-context.ts';
import * as epcis from './epcis.service.ts';
import { countDocumentChunks, countForExport } from './epcis-export.ts';

/** An EPCIS document sent to the capture interface may be large (GS1-EPCIS-Capture-File-Size-Limit). */
export const EPCIS_CAPTURE_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * EPCIS 2.0 (issue 53, docs/epcis.md): a completed count as a standard document, the company's events as a query
 * result, and the capture interface taking documents in. Sessions (members read, operators capture) or API keys
 * with epcis:read / epcis:write.
 */
export const epcisRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['epcis'];
  // JSON-LD is JSON: EPCIS 2.0's media type, parsed as JSON (this plugin's routes only).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    EPCIS_MEDIA_TYPE,
    { parseAs: 'string', bodyLimit: EPCIS_CAPTURE_BODY_LIMIT },
    parseJson,
  );

  app.get(
    '/api/audits/:id/epcis',
    {
      schema: {
        tags,
        description:
          'A completed count as an EPCIS 2.0 JSON-LD document (application/ld+json), streamed: one ObjectEvent ' +
          '(OBSERVE, cycle_counting) at the place counted, its tags in epcList, its barcode units in quantityList.',
        params: ZIdParam,
      },
    },
    async (request, reply) => {
      const companyId = callerOf(request).companyId;
      const prepared = await countForExport(app.db, companyId, request.params.id);
      return reply
        .header('content-type', EPCIS_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="audit-${request.params.id}-epcis.jsonld"`)
        .send(Readable.from(countDocumentChunks(app.db, companyId, prepared, new Date())));
    },
  );

  app.get(
    '/api/epcis/events',
    {
      schema: {
        tags,
        description:
          "The company's EPCIS events (its counts' and those captured) over a period, oldest first, as an " +
          'EPCISQueryDocument; from is included, to is not. The next page is in the Link header (rel="next").',
        querystring: ZEpcisEventsQuery,
      },
    },
    async (request, reply) => {
      const companyId = callerOf(request).companyId;
      const page = await epcis.queryEvents(app.db, companyId, request.query, new Date());
      if (page.next) {
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries(request.query)) {
          if (v !== undefined && k !== 'cursor') params.set(k, String(v));
        }
        params.set('cursor', page.next);
        reply.header('link', `</api/epcis/events?${params}>; rel="next"`);
      }
      return reply.header('content-type', EPCIS_MEDIA_TYPE).send(Readable.from(page.chunks));
    },
  );

  app.post(
    '/api/epcis/capture',
    {
      bodyLimit: EPCIS_CAPTURE_BODY_LIMIT,
      schema: {
        tags,
        description:
          'Capture an EPCIS 2.0 document (application/json or application/ld+json): 202 with its capture id ' +
          '(and Location). A document that is not valid EPCIS 2.0 is 400 naming the path of its first error; ' +
          'nothing is stored.',
        response: { 202: ZEpcisCaptureAccepted, 400: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const captureID = await epcis.capture(app.db, callerOf(request), request.body);
      return reply.status(202).header('location', `/api/epcis/capture/${captureID}`).send({ captureID });
    },
  );

  app.get(
    '/api/epcis/capture/:id',
    {
      schema: {
        tags,
        description: "A capture's outcome, as the EPCIS 2.0 REST binding's capture job.",
        params: ZEpcisCaptureIdParam,
        response: { 200: ZEpcisCaptureJob, 404: ZErrorResponse },
      },
    },
    async (request) => epcis.captureJob(app.db, callerOf(request).companyId, request.params.id),
  );
};
