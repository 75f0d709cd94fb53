import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { OWASP_MINIMUM_HASHING } from './lib/passwords.ts';
import { startMetricsServer } from './modules/metrics/metrics-server.ts';

const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  config.webDist ??= join(here, '..', '..', 'web', 'dist');
  const app = await buildApp(config);
  const { port: metricsPort, host: metricsHost } = config.metrics ?? {};
  const metricsServer =
    metricsPort && metricsHost
      ? await startMetricsServer(app.metrics.registry, { host: metricsHost, port: metricsPort })
      : null;

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    // Not ready from now on: the load balancer stops sending while calls are still served for the drain time.
    app.readiness.isShuttingDown = true;
    const drainMs = (config.shutdownDrainSeconds ?? 0) * 1000;
    const timer = setTimeout(() => process.exit(1), 15_000 + drainMs);
    timer.unref();
    if (drainMs > 0) {
      app.log.info(
        { signal, drainSeconds: drainMs / 1000 },
        'shutting down: /api/ready answers 503 while draining',
      );
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await metricsServer?.close();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: config.databaseUrl ? 'postgres' : `pglite (${config.dataDir})`,
      ...(metricsServer && { metrics: metricsServer.url }),
    },
    'Quantics is ready',
  );
  const cost = config.passwordHashing;
  if (
    cost &&
    (cost.memoryKiB < OWASP_MINIMUM_HASHING.memoryKiB || cost.iterations < OWASP_MINIMUM_HASHING.iterations)
  )
    app.log.warn(
      { passwordHashing: cost },
      "PASSWORD_HASH_* is below OWASP's least argon2id cost (19 MiB, 2 iterations): fit for tests, not for real accounts",
    );
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Quantics failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
