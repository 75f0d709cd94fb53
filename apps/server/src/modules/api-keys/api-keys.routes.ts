import {
  API_KEY_MESSAGES,
  ZApiKeysResponse,
  ZCreateApiKeyRequest,
  ZCreatedApiKey,
  ZErrorResponse,
  ZIdParam,
  ZSuccessResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf, requireAuth } from '../../lib/request-context.ts';
import * as service from './api-keys.service.ts';

/** A company's API keys (admins): created with their scopes, shown once, listed by name and prefix, revoked. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['api keys'];
  const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

  app.get(
    '/api/api-keys',
    {
      schema: {
        tags,
        description:
          "The company's API keys, newest first, revoked ones included; never the keys themselves.",
        response: { 200: ZApiKeysResponse },
      },
    },
    async (request) => service.listApiKeys(app.db, requireAuth(request).companyId),
  );

  app.post(
    '/api/api-keys',
    {
      schema: {
        tags,
        description:
          'Creates a key for a program (a till, an ERP, a script) with the scopes it needs. The answer holds the key ' +
          '(qk_...), shown this once: send it as Authorization: Bearer <key>. See docs/api.md, "API keys".',
        body: ZCreateApiKeyRequest,
        response: { 201: ZCreatedApiKey, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createApiKey(app.db, requireAuth(request), request.body, clientOf(request))),
  );

  app.delete(
    '/api/api-keys/:id',
    {
      schema: {
        tags,
        description: 'Revokes the key: every call with it is refused (401) from the next request on.',
        params: ZIdParam,
        response: { 200: ZSuccessResponse, ...errors },
      },
    },
    async (request) => {
      await service.revokeApiKey(app.db, requireAuth(request), request.params.id, clientOf(request));
      return { success: true as const, message: API_KEY_MESSAGES.revoked };
    },
  );
};
