import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type Received = { id: string; type: string; body: Record<string, unknown>; status: number };

/**
 * A webhook receiver of the test's own: a real HTTP server that verifies each delivery's Standard Webhooks
 * signature and timestamp with the library receivers use, and answers `failWith` (a 500, say) while `isFailing`.
 * `accepted` holds each verified delivery it answered 2xx, so a test can see every event arrive exactly once.
 * `received` holds every verified delivery the moment its body is in, before the answer, which waits
 * `answerAfterMs` (a slow receiver: the sender can die between the receiver having it and the answer).
 */
export async function startWebhookReceiver(secret?: string, opts: { answerAfterMs?: number } = {}) {
  const state = { secret, isFailing: false, failWith: 500 };
  const received: Received[] = [];
  const attempts: Received[] = [];
  const accepted: Received[] = [];
  const rejected: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = pick(req.headers);
      try {
        if (!state.secret) throw new Error('no secret yet');
        new Webhook(state.secret).verify(raw, headers);
      } catch (err) {
        rejected.push((err as Error).message);
        res.writeHead(401).end();
        return;
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      const status = state.isFailing ? state.failWith : 200;
      const entry = { id: headers['webhook-id'] ?? '', type: String(body.type), body, status };
      received.push(entry);
      const answer = () => {
        attempts.push(entry);
        if (status < 300) accepted.push(entry);
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      };
      if (opts.answerAfterMs) setTimeout(answer, opts.answerAfterMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** Waits until `accepted` satisfies `ok` (up to `timeoutMs`). */
  async function waitUntil(ok: (accepted: Received[]) => boolean, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (!ok(accepted)) {
      if (Date.now() > deadline) throw new Error(`receiver: condition not met; accepted ${accepted.length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  return {
    url: `http://127.0.0.1:${port}/hook`,
    state,
    received,
    attempts,
    accepted,
    rejected,
    waitUntil,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function pick(h: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
    const v = h[k];
    if (typeof v === 'string') out[k] = v;
  }
  return out;
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
