import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { epcFromSku, PRINT_AGENT_SOCKET_PATH, type TDashboardStats } from '@quantics/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MIGRATIONS_DIR } from './db/client.ts';
import { call, type ServerProcess, startServerProcess } from './test/server-process.ts';
import { newPostgresDatabase } from './test/test-app.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Addresses no earlier run used, since the counters live in the shared Redis for an hour. */
const freshIp = () => `10.${randomBytes(3).join('.')}`;

// Two real server processes on one PostgreSQL database and one Redis, as behind a load balancer (CI's PostgreSQL
// pass sets both variables). They start at the same moment on an empty database: migrations must not collide.
describe.runIf(serverUrl && redisUrl)('two instances on one PostgreSQL and one Redis', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let databaseUrl: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ url: databaseUrl, drop } = await newPostgresDatabase(serverUrl as string, 'quantics_two'));
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl as string,
      TRUST_PROXY: 'true',
      WAITLIST_RATE_LIMIT: '3',
      AUTH_FAILURE_LIMIT: '3',
      LOG_LEVEL: 'warn',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
  });

  it('both start at once on an empty database, and every migration is applied exactly once', async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const { rows } = await c.query<{ n: string; distinct_n: string }>(
      'select count(*) as n, count(distinct hash) as distinct_n from drizzle.__drizzle_migrations',
    );
    await c.end();
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
    expect(rows[0]).toEqual({ n: String(files.length), distinct_n: String(files.length) });
    for (const s of [a, b]) expect((await call(s, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
  });

  it('a session made on one instance works on the other, and signing out there ends it on both', async () => {
    const reg = await call(a, 'POST', '/api/auth/register', {
      ip: freshIp(),
      body: { email: `two.${randomUUID()}@example.com`, password: 'correct-horse', company: 'Two Co' },
    });
    expect(reg.status).toBe(201);
    const token = reg.body.token as string;
    expect((await call(b, 'GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await call(b, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await call(a, 'GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('counts failed sign-ins on either instance against one account limit', async () => {
    const email = `limit.${randomUUID()}@example.com`;
    await call(a, 'POST', '/api/auth/register', {
      ip: freshIp(),
      body: { email, password: 'correct-horse', company: 'Limit Co' },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = i % 2 === 0 ? a : b;
      statuses.push(
        (await call(s, 'POST', '/api/auth/login', { ip: freshIp(), body: { email, password: 'wrong' } }))
          .status,
      );
    }
    expect(statuses).toEqual([401, 401, 401]);
    // Locked now, on both, even with the right password.
    for (const s of [a, b]) {
      const res = await call(s, 'POST', '/api/auth/login', {
        ip: freshIp(),
        body: { email, password: 'correct-horse' },
      });
      expect(res.status).toBe(429);
    }
  });

  it('counts waitlist sign-ups from one address on either instance against one limit', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/waitlist', {
        ip,
        body: { name: 'Two Instances', email: `wait.${i}.${randomUUID()}@example.com` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("shows on one instance's dashboard, at once, a product changed through the other", async () => {
    const reg = await call(a, 'POST', '/api/auth/register', {
      ip: freshIp(),
      body: { email: `dash.${randomUUID()}@example.com`, password: 'correct-horse', company: 'Dash Co' },
    });
    const token = reg.body.token as string;
    const units = async () =>
      ((await call(a, 'GET', '/api/stats/dashboard', { token })).body as TDashboardStats).inventory
        .totalUnits;
    expect(await units()).toBe(0);
    expect(await units()).toBe(0); // a second view, from A's memory
    const made = await call(b, 'POST', '/api/inventory', {
      token,
      body: { name: 'Dash product', sku: 'DASH001', quantity: 7 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await units()).toBe(7);
    const edited = await call(b, 'PUT', `/api/inventory/${made.body.id}`, {
      token,
      body: { name: 'Dash product', sku: 'DASH001', quantity: 3 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await units()).toBe(3);
  });

  it("takes a reader's audit batches alternating between instances, a resend included, and completes it", async () => {
    const reg = await call(a, 'POST', '/api/auth/register', {
      ip: freshIp(),
      body: { email: `audit.${randomUUID()}@example.com`, password: 'correct-horse', company: 'Audit Co' },
    });
    const token = reg.body.token as string;
    const skus = ['TWOALPHA001', 'TWOBRAVO002', 'TWOCHARLIE03'];
    for (const [i, sku] of skus.entries()) {
      const res = await call(i % 2 ? a : b, 'POST', '/api/inventory', {
        token,
        body: { name: `Product ${sku}`, sku, quantity: 2 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    // Pairing across instances: start on A, confirm on B, poll on A.
    const start = await call(a, 'POST', '/api/rfid/register/start', {
      ip: freshIp(),
      body: { serial_number: `TWO-${randomBytes(4).toString('hex')}` },
    });
    expect(start.status).toBe(201);
    const confirm = await call(b, 'POST', '/api/rfid/register/confirm', {
      token,
      body: { code: start.body.code },
    });
    expect(confirm.status).toBe(200);
    const poll = await call(a, 'POST', '/api/rfid/register/poll', {
      body: { pairing_id: start.body.pairing_id, poll_secret: start.body.poll_secret },
    });
    expect(poll.status).toBe(200);
    const device = poll.body.device_token as string;

    const audit = await call(b, 'POST', '/api/rfid/audits', {
      token: device,
      body: { client_audit_id: randomUUID() },
    });
    expect(audit.status).toBe(201);
    const auditId = audit.body.audit_id as string;
    // Six batches, each tag with its own TID, alternating A, B, A, ...: two units of each product in all.
    const batches = skus.flatMap((sku, i) =>
      [1, 2].map((unit) => [{ epc: epcFromSku(sku), tid: `E280${i}${unit}`.padEnd(24, '0') }]),
    );
    for (const [seq, reads] of batches.entries()) {
      const res = await call(seq % 2 ? b : a, 'POST', `/api/rfid/audits/${auditId}/reads`, {
        token: device,
        body: { batch_seq: seq, reads },
      });
      expect([res.status, res.body.duplicate], JSON.stringify(res.body)).toEqual([200, false]);
    }
    // The reader did not hear the answer to batch 2 (sent to A) and resends it to B: stored once.
    const resend = await call(b, 'POST', `/api/rfid/audits/${auditId}/reads`, {
      token: device,
      body: { batch_seq: 2, reads: batches[2] },
    });
    expect([resend.status, resend.body.duplicate]).toEqual([200, true]);

    const done = await call(a, 'POST', `/api/rfid/audits/${auditId}/complete`, {
      token: device,
      body: { batch_count: batches.length },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const seen = await call(b, 'GET', `/api/audits/${auditId}`, { token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ status: 'completed', tags_expected: 6, tags_found: 6, accuracy: 100 });
  });

  it('prints through a utility connected to one instance when the request reaches the other', async () => {
    const reg = await call(a, 'POST', '/api/auth/register', {
      ip: freshIp(),
      body: { email: `print.${randomUUID()}@example.com`, password: 'correct-horse', company: 'Print Co' },
    });
    const token = reg.body.token as string;
    expect(
      (
        await call(a, 'POST', '/api/inventory', {
          token,
          body: { name: 'Two Gummies', sku: 'TWOGUM10', quantity: 3 },
        })
      ).status,
    ).toBe(201);
    const agent = await call(a, 'POST', '/api/print/agents', { token, body: { name: 'Front desk PC' } });
    expect(agent.status).toBe(201);

    // The utility's side of the protocol, on instance B.
    const socket = new WebSocket(b.url.replace('http', 'ws') + PRINT_AGENT_SOCKET_PATH, {
      headers: { authorization: `Bearer ${agent.body.token}` },
    });
    const inbox: { type: string; jobId?: string; quantity?: number; zpl?: string }[] = [];
    socket.on('message', (raw) => inbox.push(JSON.parse(raw.toString())));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'hello', protocol: 1, agentVersion: 'test', hostname: 'two-host' }));
    socket.send(JSON.stringify({ type: 'printers', printers: [{ name: 'Zebra ZD621R', status: 'ready' }] }));
    await expect
      .poll(async () => (await call(a, 'GET', '/api/print/status', { token })).body.printers, {
        timeout: 10_000,
      })
      .toEqual([{ name: 'Zebra ZD621R', status: 'ready' }]);
    // Acknowledge each job as the utility would once printed.
    socket.on('message', (raw) => {
      const m = JSON.parse(raw.toString());
      if (m.type === 'print')
        socket.send(JSON.stringify({ type: 'ack', jobId: m.jobId, ok: true, printed: m.quantity }));
    });

    const res = await call(a, 'POST', '/api/print/print', {
      token,
      body: {
        zpl: '',
        quantity: 2,
        printerName: 'Zebra ZD621R',
        productInfo: { name: 'Two Gummies', sku: 'TWOGUM10', epc: '' },
      },
    });
    expect([res.status, res.body.message]).toEqual([200, 'Print job sent: 2 label(s) for Two Gummies']);
    const job = inbox.find((m) => m.type === 'print');
    expect(job?.zpl).toContain(epcFromSku('TWOGUM10'));
    socket.close();
  });
});
