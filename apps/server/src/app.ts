import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import { type Database, type Db, openDatabase } from './db/client.ts';
import { SecretBox } from './lib/crypto.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passwordResetRoutes } from './modules/auth/password-reset.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { twoFactorRoutes } from './modules/settings/two-factor.routes.ts';
import { invitationRoutes } from './modules/team/invitation.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    box: SecretBox;
    redis: Redis | null;
    mailer: Mailer;
  }
}

export type BuildOptions = {
  /** An already-open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Log output; tests pass false. */
  logger?: boolean;
};

/** Assembles the whole server without listening, so tests can drive it through app.inject. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    // Our onResponse hook writes the one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('box', new SecretBox(config.appSecret));
  app.decorate('redis', redis);
  const mailer = new Mailer(
    { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir },
    app.log,
  );
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.flush();
    redis?.disconnect();
    if (!opts.database) await database.close();
  });

  // One line per request: id (pino's reqId binding), route, status, time.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  await app.register(errorsPlugin);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'quantics-rl-' } : {}),
    errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many requests. Please try again later.' }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Quantics API', version: '1.0.0', description: 'RFID inventory and audit portal' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(waitlistRoutes);
  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(settingsRoutes);
  await app.register(twoFactorRoutes);
  await app.register(teamRoutes);
  await app.register(invitationRoutes);
  await app.register(companiesRoutes);
  await app.register(activityRoutes);

  registerWebApp(app, config.webDist);
  return app;
}

/** A hop count means "trust that many proxies in front of us" (Fastify's types take it as a function). */
function trustProxyOption(value: AppConfig['trustProxy']) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value ?? false;
}

/** Serves the built SPA; any other non-API path gets index.html so the client router decides. */
function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Missing files (an old asset name, say) are a real 404, not the app shell.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (path.startsWith('/api/') || path === '/api' || !hasWeb || request.method !== 'GET' || isFile) {
      return reply.status(404).send({ message: 'Not found' });
    }
    return reply.sendFile('index.html');
  });
}
