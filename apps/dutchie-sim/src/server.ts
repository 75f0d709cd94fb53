import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Answer, dutchieApi } from './api.ts';
import { control } from './control.ts';
import { DEFAULT_OPTIONS, type SimOptions, SimState } from './state.ts';

export type RunningSim = { url: string; port: number; state: SimState; close: () => Promise<void> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The key from `Authorization: Basic base64(key:)`: Dutchie's API key is the user name, the password empty. */
export function basicAuthKey(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const key = colon === -1 ? decoded : decoded.slice(0, colon);
  return key || null;
}

const denied = (status: number, text: string): Answer => ({ status, body: { Message: text } });

/** Dutchie's answer to one API call, after faults, authentication and rate limits. */
async function handleApi(state: SimState, req: IncomingMessage, url: URL): Promise<Answer> {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  state.count(path);
  const { latencyMs, failRate } = state.options;
  if (latencyMs > 0) await sleep(latencyMs);
  const fault = state.takeFault(path);
  if (fault?.mode === 'slow') await sleep(fault.delayMs);
  if (fault?.mode === 'error' || (failRate > 0 && Math.random() < failRate)) {
    return {
      status: fault?.status ?? 500,
      body: { Message: 'An error has occurred.', TraceId: randomUUID() },
    };
  }
  const key = basicAuthKey(req.headers.authorization);
  const grant = key ? state.keys.get(key) : undefined;
  if (!key || !grant || fault?.mode === 'refuse') {
    return denied(401, 'Authorization has been denied for this request.');
  }
  const isReporting = path.startsWith('/reporting/');
  if (fault?.mode === 'rate-limit' || !state.allow(key, isReporting)) {
    return {
      status: 429,
      body: { Message: 'API rate limit exceeded. Please retry your request later.', TraceId: randomUUID() },
    };
  }
  if (isReporting && !grant.canReport) {
    return denied(403, 'This API key does not have the permission required for reporting endpoints.');
  }
  const location = state.locations.get(grant.locationId);
  if (!location) return denied(500, 'Location not found');
  return dutchieApi(location, path, url.searchParams);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return {};
  }
}

function send(res: ServerResponse, answer: Answer) {
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Starts the simulator; port 0 picks a free port (see `url`). */
export async function startDutchieSim(options: Partial<SimOptions> = {}): Promise<RunningSim> {
  const state = new SimState({ ...DEFAULT_OPTIONS, ...options });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const work = url.pathname.startsWith('/__sim/')
      ? readJson(req).then((body) => control(state, req.method ?? 'GET', url.pathname, body))
      : req.method === 'GET'
        ? handleApi(state, req, url)
        : Promise.resolve(
            denied(405, `The requested resource does not support http method '${req.method}'.`),
          );
    work
      .then((answer) => {
        if (!res.destroyed) send(res, answer);
      })
      .catch(() => {
        if (!res.destroyed) send(res, { status: 500, body: { Message: 'An error has occurred.' } });
      });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(state.options.port, state.options.host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${state.options.host}:${port}`,
    port,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
