import {
  ZAddParticipantRequest,
  ZAudit,
  ZAuditProgress,
  ZErrorResponse,
  ZIdParam,
  ZOpenCount,
  ZOpenCountsResponse,
  ZReaderBusy,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requireAuth } from '../../lib/request-context.ts';
import { addFixedReader, finishCount, openCounts, progress } from './team-counts.service.ts';

/**
 * Counts in progress, from the portal: who counts, how far they are, adding a fixed reader, finishing for everyone.
 * Under /api/audits beside the audits' own routes (audits.routes.ts), but ingest's: a count runs here until it
 * completes.
 */
export const teamCountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.audits;
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

  app.get(
    '/api/audits/open',
    {
      schema: {
        tags: ['audits'],
        description: "The company's counts in progress, newest first, with the readers counting in each.",
        response: { 200: ZOpenCountsResponse },
      },
    },
    async (request) => openCounts(app.db, clock, requireAuth(request).companyId),
  );

  app.get(
    '/api/audits/:id/progress',
    {
      schema: {
        tags: ['audits'],
        description:
          'A count as it runs, from its reads so far (poll it every few seconds): units found and expected, each ' +
          "reader's part, and the counted location's sub-locations. A completed count answers its final figures.",
        params: ZIdParam,
        response: { 200: ZAuditProgress, ...errors },
      },
    },
    async (request) => progress(app.ingest, callerOf(request).companyId, request.params.id),
  );

  app.post(
    '/api/audits/:id/participants',
    {
      schema: {
        tags: ['audits'],
        description:
          'The person who started the count (or an admin) adds a fixed reader of the counted place to it; its posts ' +
          'then go to this count. A reader in another open count is 409 naming it.',
        params: ZIdParam,
        body: ZAddParticipantRequest,
        response: { 200: ZOpenCount, ...errors, 409: ZReaderBusy },
      },
    },
    async (request) =>
      addFixedReader(app.ingest, requireAuth(request), request.params.id, request.body.device_id),
  );

  app.post(
    '/api/audits/:id/finish',
    {
      schema: {
        tags: ['audits'],
        description:
          'The person who started the count (or an admin) completes it for every reader with the batches already ' +
          'sent; batches sent later are 409. Finishing a completed count answers it again.',
        params: ZIdParam,
        response: { 200: ZAudit, ...errors },
      },
    },
    async (request) => finishCount(app.ingest, requireAuth(request), request.params.id),
  );
};
