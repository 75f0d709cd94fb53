import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  API_MESSAGES,
  createTagDecoder,
  PRINT_AGENT_SOCKET_PATH,
  PRINT_PROTOCOL_MIN,
  PRINT_PROTOCOL_VERSION,
  READER_PROTOCOL_VERSION,
} from '@quantics/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, LogController, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import { type Database, type Db, openDatabase } from './db/client.ts';
import { startJobs } from './jobs/background.ts';
import { jobQueueDepths } from './jobs/kinds.ts';
import type { JobScheduler } from './jobs/scheduler.ts';
import { SecretBox } from './lib/crypto.ts';
import { makePasswords, type Passwords } from './lib/passwords.ts';
import { resilientRateLimitStore } from './lib/rate-limit-store.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { notificationsRoutes } from './modules/alerts/notifications.routes.ts';
import { webhooksRoutes } from './modules/alerts/webhooks.routes.ts';
import { webhooksDocument } from './modules/alerts/webhooks-openapi.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { type AuditClock, auditClock } from './modules/audits/audit-status.ts';
import { auditsRoutes } from './modules/audits/audits.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passwordResetRoutes } from './modules/auth/password-reset.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createRecognizer, type Recognizer } from './modules/chat/tallie/nlu/recognizer.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { countPlansRoutes } from './modules/count-plans/count-plans.routes.ts';
import { planCompletedCount } from './modules/count-plans/count-plans.service.ts';
import { locationCountingView } from './modules/count-plans/due-counts.service.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { dutchieRoutes } from './modules/dutchie/dutchie.routes.ts';
import { type DutchieContext, dutchieContext } from './modules/dutchie/dutchie-context.ts';
import { dutchieSettingsRoutes } from './modules/dutchie/dutchie-settings.routes.ts';
import { epcisRoutes } from './modules/epcis/epcis.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { countRoutes } from './modules/ingest/adapters/count-screen.routes.ts';
import { impinjRoutes } from './modules/ingest/adapters/impinj.routes.ts';
import { auditImportRoutes } from './modules/ingest/adapters/reader-files.routes.ts';
import { readerRoutes } from './modules/ingest/adapters/reader-protocol.routes.ts';
import { speedwayRoutes } from './modules/ingest/adapters/speedway.routes.ts';
import { zebraRoutes } from './modules/ingest/adapters/zebra.routes.ts';
import type { IngestDeps } from './modules/ingest/audit-lifecycle.service.ts';
import { CountHooks } from './modules/ingest/count-hooks.ts';
import { fixedReaderRoutes } from './modules/ingest/fixed-readers/fixed-reader.routes.ts';
import { readsStorageMemory } from './modules/ingest/reads-storage.repo.ts';
import { teamCountsRoutes } from './modules/ingest/team-counts.routes.ts';
import { finishDueAudits } from './modules/ingest/webhook-batches.service.ts';
import { importRoutes } from './modules/inventory/import.routes.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { type InventoryQueries, inventoryQueries } from './modules/inventory/inventory-search-cache.ts';
import { locationsRoutes } from './modules/locations/locations.routes.ts';
import { locationIdsByPath } from './modules/locations/locations.service.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { metrcSettingsRoutes } from './modules/metrc/metrc-settings.routes.ts';
import { isMetricsOn, metricsPlugin } from './modules/metrics/metrics.routes.ts';
import { createMetrics, type Metrics, registerScrapeGauges } from './modules/metrics/metrics.ts';
import { CallsInFlight } from './modules/movements/calls-in-flight.ts';
import { movementsRoutes } from './modules/movements/movements.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { printRoutes } from './modules/print/print.routes.ts';
import { PrintRelay } from './modules/print/print-relay.ts';
import { countReportsRoutes } from './modules/reports/count-reports.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { suppliersReportRoutes } from './modules/reports/suppliers-report.routes.ts';
import { reviewCompletedCount } from './modules/reviews/review-events.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { sessionsRoutes } from './modules/settings/sessions.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { twoFactorRoutes } from './modules/settings/two-factor.routes.ts';
import { shipmentsRoutes } from './modules/shipments/shipments.routes.ts';
import { DashboardCache } from './modules/stats/dashboard-cache.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { invitationRoutes } from './modules/team/invitation.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes.ts';
import { SightingsWriter } from './modules/zones/sightings.service.ts';
import { zonesRoutes } from './modules/zones/zones.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { textGuardPlugin } from './plugins/text-guard.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    box: SecretBox;
    /** Hashes and checks passwords at the configured argon2id cost (PASSWORD_HASH_*). */
    passwords: Passwords;
    redis: Redis | null;
    mailer: Mailer;
    /** The background work's scheduler (src/jobs/): drain() runs one task now. */
    jobs: JobScheduler;
    /** Dutchie point-of-sale access: client maker, settings and this instance's snapshot memory. */
    dutchie: DutchieContext;
    /** Carries print jobs to the utilities and their answers back. */
    printRelay: PrintRelay;
    /** The movements API's writer: the calls in flight in this instance, and the products each moves. */
    movementCalls: CallsInFlight;
    /** The catalogue's prepared reads and this instance's memory of searches. */
    inventory: InventoryQueries;
    /** The dashboard's settled figures under each company's dashboard version (stats/dashboard-cache.ts). */
    dashboard: DashboardCache;
    /** The audit time-out, bound once: what reads an audit's status takes it from here. */
    audits: AuditClock;
    /** What every way in of the reads shares (modules/ingest): the database, the time-out, Dutchie, the storage's memory. */
    ingest: IngestDeps;
    /** Tallie's intent recognizer, trained on its first question (its model cached in DATA_DIR). */
    tallie: Recognizer;
    /** This app's Prometheus registry and the product's metrics (modules/metrics): moved where things happen. */
    metrics: Metrics;
    /** Whether a graceful shutdown has begun: /api/ready answers 503 from then on (see server.ts). */
    readiness: { isShuttingDown: boolean };
  }
}

export type BuildOptions = {
  /** An already-open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Log output; tests pass false. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that check a warning was logged). */
  logStream?: { write: (line: string) => void };
  /** Sees every route as it is added, schema included (the fuzz test walks them all). */
  onRoute?: (route: RouteOptions) => void;
};

/** Assembles the whole server without listening, so tests can drive it through app.inject. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // Our onResponse hook writes the one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // Our own onRequest hook answers during shutdown, with a message and Retry-After (see below).
    return503OnClosing: false,
    // A plugin's registration (the OpenAPI document of every route, the UI's files) may take past Fastify's 10 s on a
    // busy 2-core host; a start that gives up there is worse than a slow one.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const redis = config.redisUrl ? openRedis(config.redisUrl, app.log) : null;
  // The metrics are counted always (a few additions); the process's default metrics, the request timer and the
  // scrape gauges only when something scrapes them (METRICS_TOKEN or METRICS_PORT).
  const metrics = createMetrics({ isDefaultMetricsOn: isMetricsOn(config) });
  if (isMetricsOn(config))
    registerScrapeGauges(metrics, {
      db: database.db,
      queues: () => jobQueueDepths(database.db),
      log: app.log,
      ...(database.pool && { pool: database.pool }),
      ...(redis && { redis: () => redis.status === 'ready' }),
    });
  app.decorate('metrics', metrics);
  app.decorate('readiness', { isShuttingDown: false });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('box', new SecretBox(config.appSecret));
  app.decorate('passwords', await makePasswords(config.passwordHashing));
  app.decorate('redis', redis);
  const mailer = new Mailer(
    {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      sendTimeoutMs: config.mailSendTimeoutMs ?? 30_000,
      onResult: (isSent) => (isSent ? metrics.emailsSent : metrics.emailsFailed).inc(),
    },
    app.log,
  );
  app.decorate('mailer', mailer);
  app.decorate(
    'dutchie',
    dutchieContext({ db: database.db, box: app.box, log: app.log, config: config.dutchie, metrics }),
  );
  // Print jobs travel to the utility's instance through this relay (over Redis when there are several).
  const printRelay = new PrintRelay(database.db, redis, app.log, config.printRelayNamespace, (result) =>
    metrics.printJobs.inc({ result }),
  );
  await printRelay.start();
  app.decorate('printRelay', printRelay);
  app.decorate('inventory', inventoryQueries(database.db));
  app.decorate('movementCalls', new CallsInFlight(database.db));
  app.decorate('dashboard', new DashboardCache());
  app.decorate('audits', auditClock(config.auditTimeoutMinutes));
  const tags = createTagDecoder();
  // Fixed readers' sightings are written after the answer, about once a second; the close below writes what is left.
  const sightings = new SightingsWriter(database.db, tags, {
    onError: (error) => app.log.warn({ err: error }, 'sightings not written yet; tried again in a second'),
  });
  // What other modules do when a count completes, in its transaction (ingest imports none of them): its review
  // (lines over the policy, audit.review_requested), then its places' next due day (ingest/count-hooks.ts).
  const countHooks = new CountHooks().onCompleted(reviewCompletedCount).onCompleted(planCompletedCount);
  app.decorate('ingest', {
    db: database.db,
    clock: app.audits,
    dutchie: app.dutchie,
    reads: readsStorageMemory(),
    tags,
    metrics,
    hooks: countHooks,
    sightings,
  } satisfies IngestDeps);
  app.decorate('tallie', createRecognizer({ dir: config.dataDir }));
  // Every background task (the job kinds' queues on pg-boss, the sweeps), each declared once: see src/jobs/.
  const jobs = await startJobs(
    {
      database,
      log: app.log,
      metrics,
      mailer,
      box: app.box,
      clock: app.audits,
      dutchie: app.dutchie,
      ingest: app.ingest,
    },
    config,
  );
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await app.tallie.close();
    await sightings.flush();
    await jobs.stop();
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
  await app.register(metricsPlugin);
  // Graceful shutdown: calls in flight finish; calls arriving meanwhile (on kept-alive connections) are told to
  // come back, and their connection is closed so the next try goes to a live instance. Readers and the print
  // utility retry 5xx; every reader upload is safe to resend, so nothing is lost.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
    app.readiness.isShuttingDown = true;
  });
  // Then jobs already at a utility get their answer, and utilities are told to reconnect elsewhere.
  app.addHook('preClose', () => printRelay.stop(Math.min(config.printAckTimeoutMs, 10_000)));
  app.addHook('onRequest', async (_request, reply) => {
    if (!isClosing) return;
    return reply
      .status(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      .send({ message: API_MESSAGES.restarting });
  });
  await app.register(fastifyHelmet, securityHeaders(config));
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyRateLimit, {
    global: false,
    store: resilientRateLimitStore(redis, app.log),
    errorResponseBuilder: () => ({ statusCode: 429, message: API_MESSAGES.tooManyRequests }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: its webhooks section documents what endpoints receive.
      openapi: '3.1.0',
      info: { title: 'Quantics API', version: '1.0.0', description: 'RFID inventory and audit portal' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          deviceToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'A paired reader’s device_token (from POST /api/rfid/register/poll)',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key (qk_..., from POST /api/api-keys): the routes of its scopes only. See docs/api.md, "API keys".',
          },
          basic: {
            type: 'http',
            scheme: 'basic',
            description: 'A fixed reader’s serial number and webhook password (POST /api/devices/fixed)',
          },
        },
      },
      tags: [
        {
          name: 'reader protocol',
          description: `Version ${READER_PROTOCOL_VERSION} of the protocol handheld readers speak: pair with a 6-digit code (like RFC 8628), send heartbeats, stream audit reads in numbered batches that are safe to resend, and complete the audit. See the README.`,
        },
        {
          name: 'print',
          description: `Label printing. The Quantics Print Utility keeps a WebSocket open at ${PRINT_AGENT_SOCKET_PATH} (Authorization: Bearer <utility token from POST /api/print/agents>) and speaks protocol ${PRINT_PROTOCOL_MIN} to ${PRINT_PROTOCOL_VERSION}, JSON messages with a type. Utility: hello { protocol, agentVersion, hostname }, printers { printers }, ack { jobId, ok, printed, error? }, and from protocol 2 label { jobId, index, ok, error? } after each label of a print_labels job. Portal: welcome { protocol, ... }, print { jobId, printerName, zpl, quantity }, error { message }, and to protocol 2 utilities only print_labels { jobId, printerName, labels: [one ZPL format per label] } for serialized GS1 labels (a serialized job for a protocol 1 utility is refused with 409 before any serial is taken). See docs/gs1-labels.md and the README.`,
        },
      ],
      security: [{ bearer: [] }],
      // What a company's webhook endpoints receive (OpenAPI 3.1's webhooks section).
      webhooks: webhooksDocument(),
    } as Record<string, unknown>,
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(textGuardPlugin);
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(waitlistRoutes);
  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(settingsRoutes);
  await app.register(twoFactorRoutes);
  await app.register(sessionsRoutes);
  await app.register(teamRoutes);
  await app.register(invitationRoutes);
  await app.register(companiesRoutes);
  await app.register(activityRoutes);
  await app.register(inventoryRoutes);
  await app.register(zonesRoutes);
  await app.register(importRoutes);
  await app.register(movementsRoutes, { locationPaths: locationIdsByPath });
  await app.register(locationsRoutes, { counting: locationCountingView });
  await app.register(countPlansRoutes);
  await app.register(dutchieRoutes);
  await app.register(dutchieSettingsRoutes);
  await app.register(metrcSettingsRoutes);
  await app.register(printRoutes);
  await app.register(devicesRoutes, {
    finishDueCounts: (companyId) => finishDueAudits(app.ingest, companyId),
  });
  await app.register(fixedReaderRoutes);
  await app.register(impinjRoutes);
  await app.register(zebraRoutes);
  await app.register(speedwayRoutes);
  await app.register(auditsRoutes);
  await app.register(teamCountsRoutes);
  await app.register(reviewsRoutes);
  // Shrink and accuracy: reports/ since issue 50, registered where they were (the API docs' order stays).
  await app.register(countReportsRoutes);
  await app.register(auditImportRoutes);
  await app.register(readerRoutes);
  await app.register(countRoutes);
  await app.register(statsRoutes);
  await app.register(onboardingRoutes);
  await app.register(reportsRoutes);
  await app.register(suppliersReportRoutes);
  await app.register(shipmentsRoutes);
  await app.register(chatRoutes);
  await app.register(notificationsRoutes);
  await app.register(webhooksRoutes);
  await app.register(apiKeysRoutes);
  await app.register(epcisRoutes);

  registerWebApp(app, config.webDist);
  return app;
}

/**
 * The session token lives in localStorage (the spec), so a strict Content-Security-Policy is the main defence
 * against injected script: scripts, connections and frames only from the portal itself. Styles also allow inline
 * <style> elements, which the toast library injects at run time (it carries no script).
 */
function securityHeaders(config: AppConfig) {
  const isHttps = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' as const },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Same-origin isolation headers would break nothing here but also protect nothing the CSP does not.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Redis is optional help (shared counters, the print relay), never a reason to fail or hang a request: commands
 * give up after a second, and while it is away callers fall back (see rate-limit-store.ts, failure-counter.ts).
 * ioredis keeps reconnecting by itself; its connection errors are logged once per outage, not per attempt.
 */
function openRedis(url: string, log: FastifyInstance['log']): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
  let isDown = false;
  redis.on('error', (err) => {
    if (isDown) return;
    isDown = true;
    log.warn({ err: err.message }, 'Redis connection lost; reconnecting');
  });
  redis.on('ready', () => {
    if (isDown) log.info('Redis connection back');
    isDown = false;
  });
  return redis;
}

/** A hop count means "trust that many proxies in front of us" (Fastify's types take it as a function). */
function trustProxyOption(value: AppConfig['trustProxy']) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value ?? false;
}

/**
 * Serves the built SPA. Any other page path gets index.html so the client router decides: as a route (not the
 * not-found handler) so it is compressed and answers HEAD like GET. API paths, /metrics and missing files stay 404.
 */
function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  const notFound = (reply: FastifyReply) => reply.status(404).send({ message: API_MESSAGES.notFound });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  if (!hasWeb) return;
  app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // Built assets carry a content hash in their names: cache them for a year. The app shell names the current
    // assets: never cache it, so a deploy is picked up at once. Anything else revalidates.
    setHeaders: (res, path) => {
      if (/[\\/]assets[\\/]/.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', path.endsWith('index.html') ? 'no-store' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Missing files (an old asset name, say) are a real 404, not the app shell.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    // /metrics is no page either: off (or on METRICS_PORT alone) it is a 404, never the app shell.
    if (path.startsWith('/api/') || path === '/api' || path === '/metrics' || isFile) return notFound(reply);
    return reply.sendFile('index.html');
  });
}
