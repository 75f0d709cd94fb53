import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, runCli } from './cli-test-helpers.ts';
import { type SpawnedServer, spawnServer } from './spawn-server.ts';

const stateFile = join(mkdtempSync(join(tmpdir(), 'reader-sim-impinj-')), 'state.json');
let server: SpawnedServer;
let token: string;
let flaky: Server;
let flakyUrl: string;
const forwarded = { lostAnswers: 0, refused: 0 };

const api = (method: string, path: string, body?: object) => callApi(server.url, token, method, path, body);

/**
 * A bad network in front of the portal: every 4th post is answered 503 without reaching it, every 5th reaches it
 * and its answer is replaced by a 503 (the case that makes a retry arrive twice).
 */
function startFlakyProxy(target: string): Promise<string> {
  let n = 0;
  flaky = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    n++;
    if (n % 4 === 0) {
      forwarded.refused++;
      res.writeHead(503).end('{"message":"try again"}');
      return;
    }
    const answer = await fetch(new URL(req.url ?? '/', target), {
      method: req.method,
      headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' },
      body: Buffer.concat(chunks),
    });
    const text = await answer.text();
    if (n % 5 === 0 && answer.status === 204) {
      forwarded.lostAnswers++;
      res.writeHead(503).end('{"message":"lost"}');
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
  });
  return new Promise((resolve) =>
    flaky.listen(0, '127.0.0.1', () => {
      const address = flaky.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }),
  );
}

beforeAll(async () => {
  server = await spawnServer({});
  const reg = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'r700@example.com', password: 'correct-horse', company: 'Dock Co' }),
  });
  token = (await reg.json()).token;
  flakyUrl = await startFlakyProxy(server.url);
}, 120_000);
afterAll(async () => {
  flaky?.close();
  await server?.close();
});

describe.each([
  { command: 'impinj', model: 'Impinj R700', path: '/api/rfid/impinj/events', extra: [] },
  { command: 'zebra', model: 'Zebra FX9600', path: '/api/rfid/zebra/events', extra: ['--mode', 'inventory'] },
  { command: 'zebra', model: 'Zebra FX7500', path: '/api/rfid/zebra/events', extra: ['--mode', 'simple'] },
  { command: 'speedway', model: 'Impinj Speedway R420', path: '/api/rfid/speedway/events', extra: [] },
])('the $command stand-in ($model) against a real server', ({ command, model, path, extra }) => {
  it('posts batches of events through a failing network: retried and resent posts are counted once', async () => {
    const created = await api('POST', '/api/devices/fixed', {
      name: 'Dock door',
      serial_number: `SIM-${model.replace(/\W/g, '')}`,
      model,
    });
    expect(created.status).toBe(201);
    const { device, webhook } = created.body;
    // The URL of the model's interface, on the portal's public address (PUBLIC_URL: localhost here).
    const url = new URL(webhook.url);
    expect({ path: url.pathname, port: url.port }).toEqual({ path, port: new URL(server.url).port });
    const count = await api('POST', `/api/devices/${device.id}/counts`, { name: 'Dock' });
    expect(count.status).toBe(201);

    const run = runCli(
      [
        command,
        ...extra,
        '--server',
        flakyUrl,
        '--serial',
        webhook.username,
        '--password',
        webhook.password,
        '--tags',
        '120',
        '--repeats',
        '3',
        '--array-size',
        '25',
        '--rate',
        '0',
        '--other-events',
        '0.5',
        '--resend-rate',
        '0.3',
        '--json',
      ],
      stateFile,
    );
    const done = await run.done;
    expect(done.code, done.err).toBe(0);
    const summary = JSON.parse(done.out.trim().split('\n').at(-1) ?? '{}');
    expect(summary.tag_events).toBe(360);
    expect(summary.retries).toBeGreaterThan(0);
    expect(summary.resends).toBeGreaterThan(0);
    expect(forwarded.lostAnswers).toBeGreaterThan(0);

    const finished = await api('POST', `/api/devices/${device.id}/counts/finish`);
    expect(finished.status).toBe(200);
    // Every tag event once: nothing lost, nothing doubled by the retries and resends.
    expect(finished.body).toMatchObject({ status: 'completed', reads_count: 360, unknown_count: 120 });
    expect((await api('GET', `/api/devices/${device.id}`)).body.status).toBe('online');
  }, 120_000);

  it('stops with the portal’s message when the password is wrong', async () => {
    const run = runCli(
      [command, '--server', server.url, '--serial', 'R700-SIM-1', '--password', 'qdt_wrong', '--tags', '3'],
      stateFile,
    );
    const done = await run.done;
    expect(done.code).toBe(1);
    expect(done.err).toContain('401');
  }, 60_000);
});
