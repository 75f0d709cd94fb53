import { API_MESSAGES, ZErrorResponse, ZHealthResponse } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: ZHealthResponse, 503: ZErrorResponse } } },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        return reply.status(503).send({ message: API_MESSAGES.databaseUnavailable });
      }
    },
  );
};
