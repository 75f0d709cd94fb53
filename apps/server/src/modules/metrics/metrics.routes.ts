import { timingSafeEqual } from 'node:crypto';
import { API_MESSAGES } from '@quantics/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken } from '../../lib/request-context.ts';
import { statusClass } from './metrics.ts';

/** Whether this app serves metrics at all: a token for the main port, or a port of their own. */
export const isMetricsOn = (config: FastifyInstance['config']) =>
  Boolean(config.metrics?.token || config.metrics?.port);

/**
 * Times every request into http_request_duration_seconds by its route template (`/api/audits/:id`; 'unmatched' for
 * a path no route has), and serves GET /metrics on the main port to a bearer of METRICS_TOKEN. Nothing at all while
 * metrics are off; on METRICS_PORT alone, /metrics is served by metrics-server.ts and not here.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  if (!isMetricsOn(app.config)) return;
  const { httpDuration, registry } = app.metrics;
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_class: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  const token = app.config.metrics?.token;
  if (!token) return;
  const expected = Buffer.from(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(bearerToken(request.headers.authorization) ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: API_MESSAGES.metricsTokenRequired });
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
});
