import {
  ZAddParticipantRequest,
  ZApplyCountsRequest,
  ZApplyCountsResponse,
  ZAudit,
  ZAuditListQuery,
  ZAuditListResponse,
  ZAuditProgress,
  ZCommentsRequest,
  ZDiscrepanciesResponse,
  ZErrorResponse,
  ZIdParam,
  ZOpenCount,
  ZOpenCountsResponse,
  ZReaderBusy,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requireAuth } from '../../lib/request-context.ts';
import { addFixedReader, finishCount, openCounts, progress } from '../ingest/team-counts.service.ts';
import { applyCounts } from './apply-counts.service.ts';
import * as audits from './audits.service.ts';

/**
 * The portal's side of audits: history, details, comments, applying counts to the catalogue, and team counts in
 * progress (who counts, how far they are, adding a fixed reader, finishing for everyone).
 */
export const auditsRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.audits;
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

  app.get(
    '/api/audits',
    { schema: { tags: ['audits'], querystring: ZAuditListQuery, response: { 200: ZAuditListResponse } } },
    async (request) => audits.listAudits(app.db, callerOf(request).companyId, request.query, clock),
  );

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
    '/api/audits/:id',
    { schema: { tags: ['audits'], params: ZIdParam, response: { 200: ZAudit, ...errors } } },
    async (request) => audits.getAudit(app.db, callerOf(request).companyId, request.params.id, clock),
  );

  app.get(
    '/api/audits/:id/discrepancies',
    { schema: { tags: ['audits'], params: ZIdParam, response: { 200: ZDiscrepanciesResponse, ...errors } } },
    async (request) =>
      audits.listDiscrepancies(app.db, callerOf(request).companyId, request.params.id, clock),
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

  app.patch(
    '/api/audits/:id/comments',
    {
      schema: {
        tags: ['audits'],
        params: ZIdParam,
        body: ZCommentsRequest,
        response: { 200: ZAudit, ...errors },
      },
    },
    async (request) =>
      audits.updateComments(
        app.db,
        requireAuth(request).companyId,
        request.params.id,
        request.body.comments,
        clock,
      ),
  );

  app.post(
    '/api/audits/:id/apply-counts',
    {
      schema: {
        tags: ['audits'],
        description:
          'Sets product quantities to what the completed audit found (all or chosen shortage and overage rows), once.',
        params: ZIdParam,
        body: ZApplyCountsRequest,
        response: { 200: ZApplyCountsResponse, ...errors },
      },
    },
    async (request) => applyCounts(app.db, requireAuth(request), request.params.id, request.body, clock),
  );
};
