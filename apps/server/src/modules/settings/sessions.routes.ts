import {
  ZErrorResponse,
  ZRevokeSessionsResponse,
  ZSessionIdParam,
  ZSessionsResponse,
  ZSuccessResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf, requireAuth } from '../../lib/request-context.ts';
import * as service from './sessions.service.ts';

/** Where the signed-in person is signed in (browsers and print utilities), and ending those sessions. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];

  app.get(
    '/api/settings/sessions',
    {
      schema: {
        tags,
        response: { 200: ZSessionsResponse },
        description:
          'Every browser session and print utility of the caller; last_used_at is approximate (kept to the minute).',
      },
    },
    async (request) => service.listSessions(app.db, requireAuth(request)),
  );

  app.delete(
    '/api/settings/sessions/:id',
    {
      schema: {
        tags,
        params: ZSessionIdParam,
        response: { 200: ZSuccessResponse, 404: ZErrorResponse },
        description: "Ends one of the caller's sessions (session-<n>) or print utilities (utility-<n>).",
      },
    },
    async (request) =>
      service.revokeSession(app.db, requireAuth(request), request.params.id, clientOf(request)),
  );

  app.post(
    '/api/settings/sessions/revoke-others',
    { schema: { tags, response: { 200: ZRevokeSessionsResponse } } },
    async (request) => service.revokeOtherSessions(app.db, requireAuth(request), clientOf(request)),
  );
};
