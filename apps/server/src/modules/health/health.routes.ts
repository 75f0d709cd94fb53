import {
  API_MESSAGES,
  READY_PARTS,
  ZErrorResponse,
  ZHealthResponse,
  ZNotReadyResponse,
  ZReadyResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from './health.repo.ts';

/** How long /api/ready waits for the database and Redis: a load balancer's check must not hang. */
const READY_TIMEOUT_MS = 2000;

/** Resolves true when `check` succeeds within the time-out, false when it fails or takes longer. */
function answersInTime(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const answered = check().then(
    () => true,
    () => false,
  );
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process is up and its database answers.
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

  // Readiness: whether a load balancer should send this instance traffic now.
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        description:
          '200 while the database (and Redis, when configured) answer within 2 s; 503 naming what is missing, ' +
          'and from the moment a graceful shutdown begins. /api/health stays the liveness check.',
        response: { 200: ZReadyResponse, 503: ZNotReadyResponse },
      },
    },
    async (_request, reply) => {
      const { redis } = app;
      const [isDatabaseUp, isRedisUp] = await Promise.all([
        answersInTime(() => pingDatabase(app.db)),
        redis ? answersInTime(() => redis.ping()) : Promise.resolve(true),
      ]);
      const isUp: Record<(typeof READY_PARTS)[number], boolean> = {
        database: isDatabaseUp,
        redis: isRedisUp,
        shutdown: !app.readiness.isShuttingDown,
      };
      const missing = READY_PARTS.filter((part) => !isUp[part]);
      if (missing.length > 0)
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .send({ message: API_MESSAGES.notReady, missing });
      return reply.header('cache-control', 'no-store').send({
        status: 'ready' as const,
        database: 'ok' as const,
        redis: redis ? ('ok' as const) : ('off' as const),
      });
    },
  );
};
