import {
  type TUser,
  ZAuthResponse,
  ZErrorResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZRegisterRequest,
  ZSuccessResponse,
  ZUser,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { bruteForceGuardFor } from '../../lib/brute-force.ts';
import { perAddressPerHour } from '../../lib/rate-limit-store.ts';
import { requireAuth } from '../../lib/request-context.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { isKeyRefused } from '../dutchie/dutchie-connection.service.ts';
import * as service from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    box: app.box,
    guard: bruteForceGuardFor(app),
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
    async (request, reply) => reply.status(201).send(await service.register(deps, request.body)),
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
    async (request) => {
      const result = await service.login(deps, request.body, request.ip);
      if (result.token && result.user) await recordSignIn(app.db, result.user);
      return result;
    },
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

/** A sign-in that produced a session goes into the company's activity log (not one still waiting for 2FA). */
function recordSignIn(db: Db, user: TUser) {
  const name = user.name || user.email;
  return recordActivity(db, {
    companyId: user.company_id,
    performer: { type: 'user', id: user.id, name },
    action: 'auth.sign_in',
    type: 'auth',
    message: `${name} signed in`,
  });
}
