import {
  ZAudit,
  ZCreateFixedReaderRequest,
  ZErrorResponse,
  ZFixedReaderCreated,
  ZIdParam,
  ZReaderBusy,
  ZStartCountRequest,
  ZStartCountResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../lib/request-context.ts';
import * as fixed from './fixed-reader.service.ts';

/** Fixed readers from the portal: add one (its webhook settings shown once), replace its password, run counts. */
export const fixedReaderRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
  const deps = { ...app.ingest, publicUrl: app.config.publicUrl };
  const tags = ['devices'];

  app.post(
    '/api/devices/fixed',
    {
      schema: {
        tags,
        description:
          'Adds a fixed reader (an Impinj R700) and answers the webhook settings to type into it: URL, user name ' +
          '(the serial number) and password (shown once).',
        body: ZCreateFixedReaderRequest,
        response: { 201: ZFixedReaderCreated, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await fixed.createFixedReader(deps, requireAuth(request), request.body)),
  );

  app.post(
    '/api/devices/:id/webhook-password',
    {
      schema: {
        tags,
        description: 'A new webhook password for a fixed reader; the old one stops working at once.',
        params: ZIdParam,
        response: { 200: ZFixedReaderCreated, ...errors },
      },
    },
    async (request) => fixed.replaceWebhookPassword(deps, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/devices/:id/counts',
    {
      schema: {
        tags,
        description:
          'Starts a count on a fixed reader, at its home unless location_id (or, for a Dutchie store, room) names ' +
          'another place; with duration_minutes it finishes itself then. 409 while the reader is in an open count, ' +
          'naming it (open_audit_id).',
        params: ZIdParam,
        body: ZStartCountRequest,
        response: {
          201: ZStartCountResponse,
          ...errors,
          409: ZReaderBusy,
          502: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await fixed.startCount(deps, requireAuth(request), request.params.id, request.body)),
  );

  app.post(
    '/api/devices/:id/counts/finish',
    {
      schema: {
        tags,
        description:
          'Finishes the fixed reader’s open count with every read stored so far: the completed audit.',
        params: ZIdParam,
        response: { 200: ZAudit, ...errors },
      },
    },
    async (request) => fixed.finishCount(deps, requireAuth(request), request.params.id),
  );
};
