import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ServerProcess, startServerProcess } from '../../test/server-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';

// Webhook deliveries survive a restart and are not doubled by a second instance: real server processes, a real
// receiver that verifies every signature and answers 500 for a while, then 200.

const ALERTS_ENV = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_SECONDS: '0.3,0.3,0.5,0.5,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1',
  ALERTS_POLL_MS: '100',
  LOG_LEVEL: 'warn',
};

/** A company with a webhook for stock crossings; runOut() makes products run out, one event each. */
async function companyWithEvents(server: ServerProcess, receiver: WebhookReceiver, ip: string) {
  const reg = await call(server, 'POST', '/api/auth/register', {
    body: {
      email: `hooks-${randomBytes(4).toString('hex')}@example.com`,
      password: 'stock-count-1',
      company: 'Hooks Co',
    },
    ip,
  });
  expect(reg.status).toBe(201);
  const token = reg.body.token as string;
  const hook = await call(server, 'POST', '/api/webhooks', {
    token,
    body: { url: receiver.url, events: ['inventory.out_of_stock'] },
  });
  expect(hook.status).toBe(201);
  receiver.state.secret = hook.body.secret as string;
  return {
    token,
    /** Runs `count` products out of stock through whichever instance is given. */
    runOut: async (via: ServerProcess, from: number, count: number) => {
      for (let i = from; i < from + count; i++) {
        const sku = `OUT${String(i).padStart(3, '0')}`;
        const made = await call(via, 'POST', '/api/inventory', {
          token,
          body: { name: `Item ${i}`, sku, quantity: 5, min_stock_level: 1 },
        });
        expect(made.status).toBe(201);
        const put = await call(via, 'PUT', `/api/inventory/${made.body.id}`, {
          token,
          body: { name: `Item ${i}`, sku, quantity: 0, min_stock_level: 1 },
        });
        expect(put.status).toBe(200);
      }
    },
  };
}

function expectEachOnce(receiver: WebhookReceiver, n: number) {
  const ids = receiver.accepted.map((r) => r.id);
  expect(new Set(ids).size).toBe(n);
  expect(ids).toHaveLength(n);
  const skus = receiver.accepted.map((r) => (r.body.data as { sku: string }).sku).sort();
  expect(new Set(skus).size).toBe(n);
  expect(receiver.rejected).toEqual([]);
}

describe('webhooks across a restart (embedded database)', () => {
  let receiver: WebhookReceiver;
  let server: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'quantics-alerts-'));

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startServerProcess({ ...ALERTS_ENV, DATA_DIR: dataDir });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('every event arrives exactly once after 500s and a restart in between', async () => {
    const n = 6;
    receiver.state.isFailing = true;
    const company = await companyWithEvents(server, receiver, '10.9.0.1');
    await company.runOut(server, 0, n);
    const deadline = Date.now() + 30_000;
    while (receiver.attempts.length < n && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(receiver.accepted).toHaveLength(0);
    // A restart with deliveries pending: they are in the database, not in the process.
    expect(await server.stop()).toBe(0);
    server = await startServerProcess({ ...ALERTS_ENV, DATA_DIR: dataDir });
    receiver.state.isFailing = false;
    await receiver.waitUntil((acc) => acc.length >= n, 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    expectEachOnce(receiver, n);
  }, 180_000);
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('webhooks with two instances on one PostgreSQL', () => {
  const dbName = `quantics_alerts_${randomBytes(6).toString('hex')}`;
  let a: ServerProcess;
  let b: ServerProcess;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(serverUrl as string);
    u.pathname = `/${dbName}`;
    env = { ...ALERTS_ENV, DATABASE_URL: u.toString() };
    receiver = await startWebhookReceiver();
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await receiver?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('every event arrives exactly once, though both instances deliver and one restarts', async () => {
    const n = 20;
    receiver.state.isFailing = true;
    const company = await companyWithEvents(a, receiver, '10.9.0.2');
    await Promise.all([company.runOut(a, 0, n / 2), company.runOut(b, n / 2, n / 2)]);
    const deadline = Date.now() + 30_000;
    while (receiver.attempts.length < n && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await a.stop()).toBe(0);
    a = await startServerProcess(env);
    receiver.state.isFailing = false;
    await receiver.waitUntil((acc) => acc.length >= n, 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    expectEachOnce(receiver, n);
  }, 180_000);
});
