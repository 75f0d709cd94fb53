import { API_MESSAGES, ZErrorResponse, ZHealthResponse } from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from './health.repo.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: ZHealthResponse, 503: ZErrorResponse } } },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        return reply.status(503).send({ message: API_MESSAGES.databaseUnavailable });
      }
    },
  );
};
