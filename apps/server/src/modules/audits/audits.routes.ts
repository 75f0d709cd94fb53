import {
  ZAudit,
  ZAuditListQuery,
  ZAuditListResponse,
  ZCommentsRequest,
  ZDiscrepanciesResponse,
  ZErrorResponse,
  ZIdParam,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requireAuth } from '../../lib/request-context.ts';
import * as audits from './audits.service.ts';

/**
 * The portal's side of audits: history, details, comments. Applying counts to the catalogue is where approving them
 * is (reviews' apply-counts); counts in progress (who counts, how far they are, adding a fixed reader, finishing for
 * everyone) are ingest's: team-counts.routes.ts.
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
};
