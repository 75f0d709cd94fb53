import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_MESSAGES, epcFromSku, PRINT_AGENT_SOCKET_PATH } from '@quantics/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from './test/ports.ts';
import { call, type ServerProcess, startServerProcess } from './test/server-process.ts';

// A real server process on its embedded database, stopped with SIGTERM mid-print and mid-audit, then started
// again on the same data and port, as a deploy or a container restart does.
describe('graceful shutdown', () => {
  const env = {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'quantics-shutdown-')),
    DATABASE_URL: '',
    REDIS_URL: '',
  };
  let server: ServerProcess;
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the print job in flight, tells the utility to reconnect, and loses no reader batch', async () => {
    server = await startServerProcess(env);
    const port = Number(new URL(server.url).port);
    const reg = await call(server, 'POST', '/api/auth/register', {
      body: { email: `stop.${randomUUID()}@example.com`, password: 'correct-horse', company: 'Stop Co' },
    });
    const token = reg.body.token as string;
    for (const sku of ['STOPA1', 'STOPB2'])
      await call(server, 'POST', '/api/inventory', { token, body: { name: `Jar ${sku}`, sku, quantity: 1 } });

    // A paired reader with an audit under way: batch 0 arrives before the restart.
    const start = await call(server, 'POST', '/api/rfid/register/start', {
      body: { serial_number: 'STOP-1' },
    });
    await call(server, 'POST', '/api/rfid/register/confirm', { token, body: { code: start.body.code } });
    const poll = await call(server, 'POST', '/api/rfid/register/poll', {
      body: { pairing_id: start.body.pairing_id, poll_secret: start.body.poll_secret },
    });
    const device = poll.body.device_token as string;
    const audit = await call(server, 'POST', '/api/rfid/audits', {
      token: device,
      body: { client_audit_id: randomUUID() },
    });
    const reads = (seq: number) => ({
      batch_seq: seq,
      reads: [{ epc: epcFromSku(seq === 0 ? 'STOPA1' : 'STOPB2'), tid: `E2800${seq}`.padEnd(24, '0') }],
    });
    const sendBatch = (seq: number) =>
      call(server, 'POST', `/api/rfid/audits/${audit.body.audit_id}/reads`, {
        token: device,
        body: reads(seq),
      });
    expect((await sendBatch(0)).status).toBe(200);

    // The print utility, connected, with a job on its way when SIGTERM arrives.
    const agent = await call(server, 'POST', '/api/print/agents', { token, body: { name: 'Front desk PC' } });
    const socket = new WebSocket(`ws://127.0.0.1:${port}${PRINT_AGENT_SOCKET_PATH}`, {
      headers: { authorization: `Bearer ${agent.body.token}` },
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    const printJob = new Promise<{ jobId: string; quantity: number }>((resolve) =>
      socket.on('message', (raw) => {
        const m = JSON.parse(raw.toString());
        if (m.type === 'print') resolve(m);
      }),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'hello', protocol: 1, agentVersion: 'test', hostname: 'stop-host' }));
    socket.send(JSON.stringify({ type: 'printers', printers: [{ name: 'Zebra ZD621R', status: 'ready' }] }));
    await expect
      .poll(async () => (await call(server, 'GET', '/api/print/status', { token })).body.printers)
      .toEqual([{ name: 'Zebra ZD621R', status: 'ready' }]);
    const printing = call(server, 'POST', '/api/print/print', {
      token,
      body: {
        zpl: '',
        quantity: 1,
        printerName: 'Zebra ZD621R',
        productInfo: { name: 'Jar STOPA1', sku: 'STOPA1', epc: '' },
      },
    });
    const job = await printJob;

    const stopped = server.stop();
    // While it closes (waiting for the utility's acknowledgement): new calls are told to come back, with a
    // message and Retry-After, and a reader batch sent now is not stored.
    await expect
      .poll(async () => (await call(server, 'GET', '/api/health')).status, { timeout: 10_000 })
      .toBe(503);
    const during = await sendBatch(1);
    expect([during.status, during.body]).toEqual([503, { message: API_MESSAGES.restarting }]);
    // The utility prints and acknowledges while the server waits for it; the person gets the real outcome.
    socket.send(JSON.stringify({ type: 'ack', jobId: job.jobId, ok: true, printed: job.quantity }));
    expect((await printing).body.message).toBe('Print job sent: 1 label(s) for Jar STOPA1');
    expect(await closed).toEqual({ code: 1012, reason: 'Server restarting; reconnect' });
    expect(await stopped).toBe(0);

    // Back on the same data: the reader resends what was not answered (and batch 0 again): nothing was lost.
    server = await startServerProcess(env, { port });
    expect((await sendBatch(0)).body.duplicate).toBe(true);
    expect((await sendBatch(1)).body.duplicate).toBe(false);
    const done = await call(server, 'POST', `/api/rfid/audits/${audit.body.audit_id}/complete`, {
      token: device,
      body: { batch_count: 2 },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', tags_expected: 2, tags_found: 2 });
  }, 180_000);

  it('leaves the load balancer first: /api/ready answers 503 through the drain while calls are still served', async () => {
    const metricsPort = await freePort();
    const draining = await startServerProcess({
      ...env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'quantics-drain-')),
      SHUTDOWN_DRAIN_SECONDS: '3',
      METRICS_PORT: String(metricsPort),
    });
    try {
      const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      // The start line says where the metrics are; they are there, without a token, and not on the main port.
      expect(draining.output()).toContain(`"metrics":"${metricsUrl}"`);
      expect((await call(draining, 'GET', '/api/ready')).status).toBe(200);
      const scraped = await fetch(metricsUrl);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain(
        'http_request_duration_seconds_count{method="GET",route="/api/ready"',
      );
      expect((await call(draining, 'GET', '/metrics')).status).toBe(404);

      const stopped = draining.stop();
      await expect
        .poll(async () => (await call(draining, 'GET', '/api/ready')).body, { timeout: 2000, interval: 50 })
        .toEqual({ message: API_MESSAGES.notReady, missing: ['shutdown'] });
      // Still serving everything else while the balancer takes it out.
      expect(await call(draining, 'GET', '/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await stopped).toBe(0);
    } finally {
      await draining.stop();
    }
  }, 120_000);
});
