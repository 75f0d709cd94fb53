import fastifyWebsocket from '@fastify/websocket';
import {
  pagination,
  ZCreatePrintAgentRequest,
  ZCreatePrintAgentResponse,
  ZErrorResponse,
  ZGs1Prefixes,
  ZGs1PrefixesRequest,
  ZIdParam,
  ZLabelSettings,
  ZPrintAgentsResponse,
  ZPrintJobsQuery,
  ZPrintJobsResponse,
  ZPrintRequest,
  ZPrintResponse,
  ZPrintStatus,
  ZProductSerials,
  ZSuccessResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAddressPerHour } from '../../lib/rate-limit-store.ts';
import { requireAuth } from '../../lib/request-context.ts';
import * as gs1 from './gs1-labels.service.ts';
import * as service from './print.service.ts';
import * as agents from './print-agents.service.ts';
import { registerPrintSocket } from './print-socket.ts';

/** Label printing: the page's calls, the utility's token and its WebSocket. */
export const printRoutes: FastifyPluginAsyncZod = async (app) => {
  const relay = app.printRelay;
  await app.register(fastifyWebsocket, { options: { maxPayload: 256 * 1024 } });
  registerPrintSocket(app, relay);

  const deps: service.PrintDeps = {
    db: app.db,
    relay,
    quantityMax: app.config.printQuantityMax,
    ackTimeoutMs: app.config.printAckTimeoutMs,
    dutchie: app.dutchie,
  };
  const tags = ['print'];

  app.get('/api/print/status', { schema: { tags, response: { 200: ZPrintStatus } } }, async (request) =>
    service.status(app.db, requireAuth(request)),
  );

  app.post(
    '/api/print/print',
    {
      schema: {
        tags,
        body: ZPrintRequest,
        response: {
          200: ZPrintResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          502: ZErrorResponse,
          504: ZErrorResponse,
        },
      },
    },
    async (request) => service.print(deps, requireAuth(request), request.body),
  );

  app.get(
    '/api/print/jobs',
    { schema: { tags, querystring: ZPrintJobsQuery, response: { 200: ZPrintJobsResponse } } },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await service.listJobs(app.db, requireAuth(request).companyId, page, limit);
      return { data: rows, pagination: pagination(page, limit, total) };
    },
  );

  app.get(
    '/api/print/label-settings',
    { schema: { tags, response: { 200: ZLabelSettings } } },
    async (request) => service.labelSize(app.db, requireAuth(request).companyId),
  );

  app.put(
    '/api/print/label-settings',
    { schema: { tags, body: ZLabelSettings, response: { 200: ZLabelSettings } } },
    async (request) => service.saveLabelSize(app.db, requireAuth(request), request.body),
  );

  app.get('/api/print/gs1-prefixes', { schema: { tags, response: { 200: ZGs1Prefixes } } }, async (request) =>
    gs1.prefixes(app.db, requireAuth(request).companyId),
  );

  app.put(
    '/api/print/gs1-prefixes',
    { schema: { tags, body: ZGs1PrefixesRequest, response: { 200: ZGs1Prefixes, 400: ZErrorResponse } } },
    async (request) => gs1.savePrefixes(app.db, requireAuth(request), request.body.prefixes),
  );

  app.get(
    '/api/print/products/:id/serials',
    { schema: { tags, params: ZIdParam, response: { 200: ZProductSerials, 404: ZErrorResponse } } },
    async (request) =>
      gs1.productSerials(app.db, requireAuth(request).companyId, request.params.id, service.toJob),
  );

  app.post(
    '/api/print/agents',
    { schema: { tags, body: ZCreatePrintAgentRequest, response: { 201: ZCreatePrintAgentResponse } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await agents.createAgent(app.db, requireAuth(request), request.body.name, request.ip)),
  );

  app.get(
    '/api/print/agents',
    { schema: { tags, response: { 200: ZPrintAgentsResponse } } },
    async (request) => agents.listOwnAgents(app.db, requireAuth(request)),
  );

  app.delete(
    '/api/print/agents/:id',
    { schema: { tags, params: ZIdParam, response: { 200: ZSuccessResponse, 404: ZErrorResponse } } },
    async (request) => {
      await agents.revokeOwnAgent(app.db, requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/print/agent/logout',
    {
      config: perAddressPerHour(app.config.publicRateLimit),
      schema: { tags, response: { 200: ZSuccessResponse, 400: ZErrorResponse } },
    },
    async (request) => {
      await agents.revokeAgent(app.db, request.headers.authorization);
      return { success: true as const };
    },
  );
};
