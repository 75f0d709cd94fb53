import {
  ZCountPlan,
  ZCountPlanRequest,
  ZCountPlansResponse,
  ZDueCountsResponse,
  ZErrorResponse,
  ZIdParam,
  ZPlanPeopleResponse,
  ZRoomsCountingResponse,
  ZSuccessResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/request-context.ts';
import * as plans from './count-plans.service.ts';
import { dueCounts, roomsCountingView } from './due-counts.service.ts';

/** Cycle counting: count plans (operators and admins change them) and what is due (see the access table). */
export const countPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorResponse, 404: ZErrorResponse };
  const tags = ['count plans'];
  const rhythm =
    'Exactly one rhythm: every_days, weekdays (1 Monday to 7 Sunday) or month_day (1-28); days are the company’s ' +
    'time zone’s (PUT /api/companies/{id} time_zone). A catalogue company plans location_ids (each with its ' +
    'sub-locations), a Dutchie company rooms.';

  app.get('/api/count-plans', { schema: { tags, response: { 200: ZCountPlansResponse } } }, async (request) =>
    plans.listPlans(app.db, requireAuth(request).companyId),
  );

  app.get(
    '/api/count-plans/people',
    {
      schema: {
        tags,
        description: 'The company’s active members, whom a plan may be for (assignee_user_id).',
        response: { 200: ZPlanPeopleResponse },
      },
    },
    async (request) => plans.planPeople(app.db, requireAuth(request).companyId),
  );

  app.get(
    '/api/count-plans/rooms',
    {
      schema: {
        tags,
        description:
          'A Dutchie store’s rooms named by its plans, each with its last completed count (of the room or the whole ' +
          'store) and the day its plans next want it counted; empty for a catalogue company (see GET /api/locations).',
        response: { 200: ZRoomsCountingResponse },
      },
    },
    async (request) => roomsCountingView(app.db, requireAuth(request).companyId, new Date()),
  );

  app.get(
    '/api/count-plans/:id',
    { schema: { tags, params: ZIdParam, response: { 200: ZCountPlan, 404: ZErrorResponse } } },
    async (request) => plans.getPlan(app.db, requireAuth(request).companyId, request.params.id),
  );

  app.post(
    '/api/count-plans',
    {
      schema: {
        tags,
        description: rhythm,
        body: ZCountPlanRequest,
        response: { 201: ZCountPlan, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await plans.createPlan(app.db, requireAuth(request), request.body)),
  );

  app.put(
    '/api/count-plans/:id',
    {
      schema: {
        tags,
        description: rhythm,
        params: ZIdParam,
        body: ZCountPlanRequest,
        response: { 200: ZCountPlan, ...errors },
      },
    },
    async (request) => plans.updatePlan(app.db, requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/count-plans/:id',
    { schema: { tags, params: ZIdParam, response: { 200: ZSuccessResponse, ...errors } } },
    async (request) => {
      await plans.deletePlan(app.db, requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/counts/due',
    {
      schema: {
        tags,
        description:
          'The planned places due now (their due day has come), the signed-in person’s own first; overdue past the ' +
          'plan’s grace days. Coverage: the share of planned places counted within their rhythm, and of their units.',
        response: { 200: ZDueCountsResponse },
      },
    },
    async (request) => dueCounts({ db: app.db, dutchie: app.dutchie }, requireAuth(request), new Date()),
  );
};
