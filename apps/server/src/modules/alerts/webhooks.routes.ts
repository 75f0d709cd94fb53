import {
  ZCreatedWebhook,
  ZCreateWebhookRequest,
  ZErrorResponse,
  ZIdParam,
  ZNotificationsQuery,
  ZSuccessResponse,
  ZUpdateWebhookRequest,
  ZWebhook,
  ZWebhookDeliveriesResponse,
  ZWebhooksResponse,
  ZWebhookTestResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/request-context.ts';
import * as service from './webhooks.service.ts';

/** A company's webhook endpoints (admins): Standard Webhooks, signed with a secret shown once. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['webhooks'];
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
  const deps: service.WebhookDeps = {
    db: app.db,
    box: app.box,
    allowPrivate: app.config.webhooks?.allowPrivate ?? false,
    publicUrl: app.config.publicUrl,
  };

  app.get('/api/webhooks', { schema: { tags, response: { 200: ZWebhooksResponse } } }, async (request) =>
    service.listWebhooks(app.db, requireAuth(request).companyId),
  );

  app.post(
    '/api/webhooks',
    {
      schema: {
        tags,
        description:
          'Adds an endpoint. The answer holds its signing secret (whsec_...), shown this once. Deliveries follow the Standard Webhooks specification: see the webhooks section of this document.',
        body: ZCreateWebhookRequest,
        response: { 201: ZCreatedWebhook, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createWebhook(deps, requireAuth(request), request.body)),
  );

  app.put(
    '/api/webhooks/:id',
    {
      schema: { tags, params: ZIdParam, body: ZUpdateWebhookRequest, response: { 200: ZWebhook, ...errors } },
    },
    async (request) => service.updateWebhook(deps, requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/webhooks/:id',
    { schema: { tags, params: ZIdParam, response: { 200: ZSuccessResponse, ...errors } } },
    async (request) => {
      await service.deleteWebhook(app.db, requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      schema: {
        tags,
        description: 'Queues a webhook.test event for this endpoint; its attempts show in the delivery log.',
        params: ZIdParam,
        response: { 202: ZWebhookTestResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.sendTest(deps, requireAuth(request), request.params.id)),
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        description:
          'Every delivery attempt, newest first: time, status, response code, duration and the body sent.',
        params: ZIdParam,
        querystring: ZNotificationsQuery,
        response: { 200: ZWebhookDeliveriesResponse, ...errors },
      },
    },
    async (request) =>
      service.listDeliveries(app.db, requireAuth(request).companyId, request.params.id, request.query),
  );
};
