import {
  ZAuthResponse,
  ZErrorResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZRegisterRequest,
  ZSuccessResponse,
  ZUser,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import * as service from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, box: app.box };

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        body: ZRegisterRequest,
        response: { 201: ZAuthResponse, 409: ZErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.register(deps, request.body)),
  );

  app.post(
    '/api/auth/login',
    {
      schema: { tags: ['auth'], body: ZLoginRequest, response: { 200: ZLoginResponse, 401: ZErrorResponse } },
    },
    async (request) => service.login(deps, request.body),
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], response: { 200: ZSuccessResponse } } },
    async (request) => {
      await service.logout(app.db, requireAuth(request).sessionId);
      return { success: true as const };
    },
  );

  app.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: ZUser } } }, async (request) => {
    const auth = requireAuth(request);
    return service.toPublicUser(app.db, auth.userId, auth.companyId);
  });
};
