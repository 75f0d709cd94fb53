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
import { bruteForceGuardFor } from '../../lib/brute-force.ts';
import { perAddressPerHour } from '../../lib/rate-limit-store.ts';
import { clientOf, requireAuth } from '../../lib/request-context.ts';
import { isKeyRefused } from '../dutchie/dutchie-connection.service.ts';
import * as service from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    box: app.box,
    passwords: app.passwords,
    guard: bruteForceGuardFor(app),
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    isDutchieKeyRefused: (apiKey: string) => isKeyRefused(app.dutchie, apiKey),
  };

  app.post(
    '/api/auth/register',
    {
      config: perAddressPerHour(app.config.signupRateLimit),
      schema: {
        tags: ['auth'],
        body: ZRegisterRequest,
        response: { 201: ZAuthResponse, 400: ZErrorResponse, 409: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.register(deps, request.body, clientOf(request))),
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, 401: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => service.login(deps, request.body, clientOf(request)),
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
