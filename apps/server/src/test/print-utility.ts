import { PRINT_AGENT_SOCKET_PATH, type TServerMessage, ZServerMessage } from '@quantics/contracts';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { bearer } from './factories.ts';

/**
 * The print utility's side of the protocol, driven by a test: connects with a utility token, reads the server's
 * messages in order and sends whatever the test says. (The real utility in apps/print-agent has its own tests.)
 */
export type UtilityClient = {
  socket: WebSocket;
  next: <K extends TServerMessage['type']>(
    type: K,
    timeoutMs?: number,
  ) => Promise<Extract<TServerMessage, { type: K }>>;
  send: (message: object) => void;
  close: () => Promise<void>;
};

/** A utility token for the person, made through the API like the utility does. */
export async function utilityToken(app: FastifyInstance, sessionToken: string, name = 'Front desk PC') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/print/agents',
    headers: bearer(sessionToken),
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`create utility token: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const socketUrl = (app: FastifyInstance) => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}${PRINT_AGENT_SOCKET_PATH}`;
};

/** Opens the socket (to a test app, or a server's URL); rejects with the HTTP status when the upgrade is refused. */
export function connectUtility(app: FastifyInstance | string, token: string): Promise<UtilityClient> {
  const url =
    typeof app === 'string' ? `${app.replace(/^http/, 'ws')}${PRINT_AGENT_SOCKET_PATH}` : socketUrl(app);
  const socket = new WebSocket(url, { headers: bearer(token) });
  const inbox: TServerMessage[] = [];
  const waiting: (() => void)[] = [];
  socket.on('message', (raw) => {
    inbox.push(ZServerMessage.parse(JSON.parse(raw.toString())));
    for (const w of waiting.splice(0)) w();
  });
  const next: UtilityClient['next'] = async (type, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = inbox.findIndex((m) => m.type === type);
      if (i >= 0) return inbox.splice(i, 1)[0] as never;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no '${type}' message within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, left);
      });
    }
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () =>
      resolve({
        socket,
        next,
        send: (m) => socket.send(JSON.stringify(m)),
        close: () =>
          new Promise<void>((done) => {
            if (socket.readyState === WebSocket.CLOSED) return done();
            socket.once('close', () => done());
            socket.close();
          }),
      }),
    );
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

/**
 * Reports the printers again, as the real utility does every PRINT_STATUS_INTERVAL_MS, and waits until the server has
 * them: a utility not heard from for AGENT_STALE_MS shows as not connected.
 */
export async function reportPrinters(
  u: UtilityClient,
  printers = [{ name: 'Zebra ZD621R', status: 'ready' }],
  protocol = 1,
): Promise<void> {
  u.send({ type: 'printers', printers });
  // The server handles a connection's messages in order: a hello's welcome means the printers are stored.
  u.send({ type: 'hello', protocol, agentVersion: 'test', hostname: 'test-host' });
  await u.next('welcome');
}

/** Connects, says hello (protocol 1 unless told) and reports printers, then waits until the server has them. */
export async function onlineUtility(
  app: FastifyInstance | string,
  token: string,
  printers = [{ name: 'Zebra ZD621R', status: 'ready' }],
  protocol = 1,
): Promise<UtilityClient> {
  const u = await connectUtility(app, token);
  u.send({ type: 'hello', protocol, agentVersion: 'test', hostname: 'test-host' });
  await u.next('welcome');
  await reportPrinters(u, printers, protocol);
  return u;
}

/** A protocol 2 utility that prints every `print_labels` job it gets: each label reported, then the ack. */
export function printEveryLabel(u: UtilityClient, seen: string[] = []): () => void {
  let isRunning = true;
  void (async () => {
    while (isRunning) {
      const job = await u.next('print_labels', 60_000).catch(() => null);
      if (!job) continue;
      job.labels.forEach((zpl, index) => {
        seen.push(zpl);
        u.send({ type: 'label', jobId: job.jobId, index, ok: true });
      });
      u.send({ type: 'ack', jobId: job.jobId, ok: true, printed: job.labels.length });
    }
  })();
  return () => {
    isRunning = false;
  };
}
