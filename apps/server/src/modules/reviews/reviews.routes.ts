import {
  ZAdjustmentsSheet,
  ZApplyCountsRequest,
  ZApplyCountsResponse,
  ZAudit,
  ZCountPolicy,
  ZCreateReasonCodeRequest,
  ZErrorResponse,
  ZIdParam,
  ZReaderBusy,
  ZReasonCode,
  ZReasonCodesResponse,
  ZRecountRequest,
  ZRecountsResponse,
  ZReviewRequest,
  ZReviewResponse,
  ZSuccessResponse,
  ZUpdateReasonCodeRequest,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { requireAuth } from '../../lib/request-context.ts';
import { applyCounts } from './apply-counts.service.ts';
import * as codes from './reason-codes.service.ts';
import { recountsToDo, startRecount } from './recount.service.ts';
import { ADJUSTMENTS_HEADER, adjustmentsCsvRows, adjustmentsSheet, reviewAudit } from './review.service.ts';

const tags = ['reviews'];
const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

/**
 * Counts a manager can trust: the count policy, reason codes, reviews of variances, recounts, and applying what a
 * count found (approving a line and applying it live here together). Shrink and accuracy are reports/.
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:id/count-policy',
    { schema: { tags, params: ZIdParam, response: { 200: ZCountPolicy, ...errors } } },
    async (request) => codes.getCountPolicy(app.db, requireAuth(request), request.params.id),
  );

  app.put(
    '/api/companies/:id/count-policy',
    {
      schema: {
        tags,
        description:
          'Lines off by more than approval_units units, or worth more than approval_value at cost, wait for an ' +
          "admin's approval before they are applied; both null: approval off.",
        params: ZIdParam,
        body: ZCountPolicy,
        response: { 200: ZCountPolicy, ...errors },
      },
    },
    async (request) => codes.putCountPolicy(app.db, requireAuth(request), request.params.id, request.body),
  );

  app.get(
    '/api/reason-codes',
    { schema: { tags, response: { 200: ZReasonCodesResponse } } },
    async (request) => codes.listReasonCodes(app.db, requireAuth(request).companyId),
  );

  app.post(
    '/api/reason-codes',
    { schema: { tags, body: ZCreateReasonCodeRequest, response: { 201: ZReasonCode, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await codes.createReasonCode(app.db, requireAuth(request), request.body)),
  );

  app.put(
    '/api/reason-codes/:id',
    {
      schema: {
        tags,
        params: ZIdParam,
        body: ZUpdateReasonCodeRequest,
        response: { 200: ZReasonCode, ...errors },
      },
    },
    async (request) => codes.updateReasonCode(app.db, requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/reason-codes/:id',
    {
      schema: {
        tags,
        description: 'Deletes a code no line uses; a code in use is 409 (retire it instead).',
        params: ZIdParam,
        response: { 200: ZSuccessResponse, ...errors },
      },
    },
    async (request) => {
      await codes.deleteReasonCode(app.db, requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/audits/:id/review',
    {
      schema: {
        tags,
        description:
          'Decisions on a completed count’s lines: approve (reason_code required), reject or recount. 403 with code ' +
          'four_eyes when the person who counted approves their own line over the count policy and another admin exists.',
        params: ZIdParam,
        body: ZReviewRequest,
        response: { 200: ZReviewResponse, ...errors },
      },
    },
    async (request) => reviewAudit(app.db, requireAuth(request), request.params.id, request.body, app.audits),
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
    async (request) => applyCounts(app.db, requireAuth(request), request.params.id, request.body, app.audits),
  );

  app.post(
    '/api/audits/:id/recount',
    {
      schema: {
        tags,
        description:
          'Starts a follow-up count (recount_of) of chosen lines (or those sent to recount, or every variance) on ' +
          "device_id or the caller's Count screen; its figures replace the lines' when it completes. A reader in " +
          'an open count is 409 naming it (open_audit_id).',
        params: ZIdParam,
        body: ZRecountRequest,
        response: { 201: ZAudit, ...errors, 409: ZReaderBusy },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await startRecount(app.ingest, requireAuth(request), request.params.id, request.body)),
  );

  app.get(
    '/api/recounts',
    {
      schema: {
        tags,
        description:
          'The counts with lines sent to recount and not applied, for the Count screen: how many lines, and the ' +
          'recount under way for them (its id and reader), if any.',
        response: { 200: ZRecountsResponse, ...errors },
      },
    },
    async (request) => recountsToDo(app.db, app.audits, requireAuth(request).companyId),
  );

  app.get(
    '/api/audits/:id/adjustments.csv',
    {
      schema: {
        tags,
        description:
          'The approved adjustments of a count (package label, product, room, expected, counted, difference, ' +
          'reason code, note, approved by): for a Dutchie store, to enter in Dutchie’s own audit.',
        params: ZIdParam,
      },
    },
    async (request, reply) => {
      const sheet = await adjustmentsSheet(
        app.db,
        requireAuth(request).companyId,
        request.params.id,
        app.audits,
      );
      return sendCsv(
        reply,
        `quantics-adjustments-audit-${sheet.audit.id}.csv`,
        `\uFEFF${toCsv([ADJUSTMENTS_HEADER, ...adjustmentsCsvRows(sheet)])}`,
      );
    },
  );

  app.get(
    '/api/audits/:id/adjustments',
    {
      schema: {
        tags,
        description: 'The count and its approved adjustments (as adjustments.csv), for the printable sheet.',
        params: ZIdParam,
        response: { 200: ZAdjustmentsSheet, ...errors },
      },
    },
    async (request) =>
      adjustmentsSheet(app.db, requireAuth(request).companyId, request.params.id, app.audits),
  );
};
