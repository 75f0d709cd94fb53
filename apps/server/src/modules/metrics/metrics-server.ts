import { createServer, type Server } from 'node:http';
import { API_MESSAGES } from '@quantics/contracts';
import type { Registry } from 'prom-client';

/**
 * METRICS_PORT: /metrics on a listener of its own, bound to a private address (config.ts refuses a public one), so
 * only the private network (the Prometheus beside the portal) reaches it, without a token. Anything else is 404.
 * Resolves once it listens; close() stops it.
 */
export async function startMetricsServer(
  registry: Registry,
  at: { host: string; port: number },
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: API_MESSAGES.notFound }));
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () =>
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: API_MESSAGES.internalError })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : at.port;
  const host = at.host.includes(':') ? `[${at.host}]` : at.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
