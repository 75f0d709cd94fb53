import { API_MESSAGES } from '@quantics/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { type Database, openDatabase } from './db/client.ts';
import { bearer } from './test/factories.ts';
import { hasPostgresBinaries, type PgCluster, startPgCluster } from './test/pg-cluster.ts';
import { testConfig } from './test/test-app.ts';

type Outcome = { at: number; ms: number; status: number; message?: string; email?: string };

// A PostgreSQL server of the test's own, stopped like a crash (pg_ctl -m immediate) and started again while the
// portal is under a steady load of writes and signed-in reads. Runs where initdb and pg_ctl are installed.
describe.runIf(hasPostgresBinaries)('PostgreSQL restarted under load', () => {
  let cluster: PgCluster;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    cluster = await startPgCluster();
    database = await openDatabase({ url: cluster.url });
    app = await buildApp(testConfig({ databaseUrl: cluster.url }), { database, logger: false });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await cluster?.destroy();
  });

  it('fails fast with 503 during the outage, says so at /api/health and /api/ready, recovers by itself and loses nothing acknowledged', async () => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'outage@example.com', password: 'correct-horse', company: 'Outage Co' },
    });
    expect(signUp.statusCode).toBe(201);
    const token = signUp.json().token as string;

    const t0 = Date.now();
    const outcomes: Outcome[] = [];
    let running = true;
    let n = 0;
    // Two clients in a loop: one joins the waitlist (a write), one reads its session (every signed-in call does).
    const writer = async () => {
      while (running) {
        const email = `load${n++}@example.com`;
        const started = Date.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/waitlist',
          payload: { name: 'Load Test', email },
        });
        outcomes.push({
          at: started - t0,
          ms: Date.now() - started,
          status: res.statusCode,
          message: res.json().message,
          email,
        });
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const reader = async () => {
      while (running) {
        const started = Date.now();
        const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
        outcomes.push({
          at: started - t0,
          ms: Date.now() - started,
          status: res.statusCode,
          message: res.json().message,
        });
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const load = Promise.all([writer(), reader()]);

    await new Promise((r) => setTimeout(r, 1500));
    const stoppedAt = Date.now() - t0;
    await cluster.stop('immediate');

    await new Promise((r) => setTimeout(r, 2000));
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect([health.statusCode, health.json()]).toEqual([503, { message: API_MESSAGES.databaseUnavailable }]);
    // The load balancer's check says what is missing, within its time-out.
    const readyStarted = Date.now();
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([
      503,
      { message: API_MESSAGES.notReady, missing: ['database'] },
    ]);
    expect(Date.now() - readyStarted).toBeLessThan(3000);

    const restartAt = Date.now() - t0;
    await cluster.start();
    let healthyAt = 0;
    for (;;) {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      if (res.statusCode === 200) {
        healthyAt = Date.now() - t0;
        break;
      }
      if (Date.now() - t0 - restartAt > 30_000) throw new Error('the portal did not recover within 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const readyAgain = await app.inject({ method: 'GET', url: '/api/ready' });
    expect([readyAgain.statusCode, readyAgain.json()]).toEqual([
      200,
      { status: 'ready', database: 'ok', redis: 'off' },
    ]);
    await new Promise((r) => setTimeout(r, 1500));
    running = false;
    await load;

    const failed = outcomes.filter((o) => o.status !== 200);
    // Never a 500: every failure is the clear 503, and each came back fast (not hanging until a timeout).
    expect(new Set(failed.map((o) => `${o.status} ${o.message}`))).toEqual(
      new Set(failed.length ? [`503 ${API_MESSAGES.databaseUnavailable}`] : []),
    );
    expect(failed.length).toBeGreaterThan(0);
    expect(Math.max(...failed.map((o) => o.ms))).toBeLessThan(6000);
    // Recovered: the calls after the database came back all succeeded, the session included.
    const after = outcomes.filter((o) => o.at > healthyAt);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((o) => o.status === 200)).toBe(true);

    // Nothing acknowledged was lost: every waitlist entry answered 200 is in the database, read anew.
    const acknowledged = outcomes.filter((o) => o.email && o.status === 200).map((o) => o.email);
    const check = new pg.Client({ connectionString: cluster.url });
    await check.connect();
    const { rows } = await check.query<{ email: string }>('select email from waitlist_entries');
    await check.end();
    const stored = new Set(rows.map((r) => r.email));
    expect(acknowledged.filter((e) => !stored.has(e as string))).toEqual([]);

    const firstFailure = Math.min(...failed.map((o) => o.at));
    const lastFailure = Math.max(...failed.map((o) => o.at));
    console.log(
      `db outage: ${outcomes.length} requests, ${failed.length} failed with 503 (slowest ${Math.max(...failed.map((o) => o.ms))} ms), ` +
        `${acknowledged.length} writes acknowledged and all kept; stopped at ${stoppedAt} ms, first 503 at ${firstFailure} ms, ` +
        `restart began at ${restartAt} ms, healthy at ${healthyAt} ms (${healthyAt - restartAt} ms after pg_ctl start began), ` +
        `last 503 at ${lastFailure} ms`,
    );
  }, 120_000);
});
