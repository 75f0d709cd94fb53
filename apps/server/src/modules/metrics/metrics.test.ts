import { API_MESSAGES } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { completeShelfAudit } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** One sample's value in a Prometheus text exposition: the line of `name` whose labels include `labels`; 0 if none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  let t: TestApp;
  let a: Tenant;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    hook = await startWebhookReceiver();
    t = await createTestApp({
      metrics: { token: TOKEN, host: '127.0.0.1' },
      webhooks: { allowPrivate: true, retryDelaysMs: [200] },
      jobs: { isWorkerOn: true, pollMs: 50, sweepMs: 60_000, digestMs: 60_000 },
    });
    a = await createTenant(t, 'Metrics Co');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await hook?.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('moves the counters by exactly what a count and its webhook delivery did', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(a.admin.token),
      payload: { url: hook.url, events: ['audit.completed'] },
    });
    expect(made.statusCode).toBe(201);
    hook.state.secret = made.json().secret;

    const before = await scrape();
    // A shelf of 5 units of which the reader finds 3, each read twice: one batch of 6 reads through the reader protocol.
    const { id } = await completeShelfAudit(t, a, 'Metrics shelf', 5, 3);
    await hook.waitUntil((accepted) => accepted.some((d) => d.body.data && d.type === 'audit.completed'));
    // The sender records the answer just after the receiver has it.
    await expect
      .poll(async () => sample(await scrape(), 'quantics_webhook_deliveries_total', { result: 'success' }))
      .toBe(sample(before, 'quantics_webhook_deliveries_total', { result: 'success' }) + 1);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect({
      reads: moved('quantics_reads_accepted_total', { way: 'reader_protocol' }),
      countScreenReads: moved('quantics_reads_accepted_total', { way: 'count_screen' }),
      started: moved('quantics_audits_started_total'),
      completed: moved('quantics_audits_completed_total'),
      reconciled: moved('quantics_reconcile_duration_seconds_count'),
      delivered: moved('quantics_webhook_deliveries_total', { result: 'success' }),
      deliveryFailures: moved('quantics_webhook_deliveries_total', { result: 'failure' }),
      webhookAttempts: moved('quantics_job_attempts_total', { kind: 'webhook-delivery', result: 'success' }),
      auditEvents: moved('quantics_events_written_total', { type: 'audit.completed' }),
      batchRequests: moved('http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/rfid/audits/:audit_id/reads',
        status_class: '2xx',
      }),
    }).toEqual({
      reads: 6,
      countScreenReads: 0,
      started: 1,
      completed: 1,
      reconciled: 1,
      delivered: 1,
      deliveryFailures: 0,
      webhookAttempts: 1,
      auditEvents: 1,
      batchRequests: 1,
    });
    // Nothing waits once the webhook is delivered (the gauges are read during a scrape and shown by the next, and the
    // delivery's record commits just after the counter moves).
    await expect
      .poll(async () => sample(await scrape(), 'quantics_jobs_waiting', { kind: 'webhook-delivery' }))
      .toBe(0);
    expect(sample(after, 'quantics_scrape_database_up')).toBe(1);

    // The route label is the template, never the path with the audit's id in it.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${id}`,
      headers: bearer(a.member.token),
    });
    expect(read.statusCode).toBe(200);
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/audits/:id',
        status_class: '2xx',
      }),
    ).toBe(1);
    expect(text).not.toContain(`/api/audits/${id}"`);
    expect(text).not.toContain(`/${id}/reads`);
  });

  it('has the process metrics and the product gauges', async () => {
    const text = await scrape();
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'quantics_jobs_oldest_age_seconds',
      'quantics_readers_offline',
      'quantics_dutchie_snapshot_oldest_age_seconds',
      'quantics_label_printers_connected',
    ])
      expect(text).toContain(`# TYPE ${name} `);
  });

  it('answers 401 without the token or with another', async () => {
    for (const headers of [{}, bearer('metrics-token-for-the-tests-0123456780'), bearer('short')]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect([res.statusCode, res.json()]).toEqual([401, { message: API_MESSAGES.metricsTokenRequired }]);
    }
  });
});

describe('GET /metrics when off', () => {
  it('is 404 with neither METRICS_TOKEN nor METRICS_PORT, and on the main port when only METRICS_PORT is set', async () => {
    for (const metrics of [undefined, { port: 9464, host: '127.0.0.1' }]) {
      const t = await createTestApp(metrics ? { metrics } : {});
      try {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
        expect([res.statusCode, res.json()]).toEqual([404, { message: API_MESSAGES.notFound }]);
      } finally {
        await t.close();
      }
    }
  });
});

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is 200 while the database answers, and 503 naming the shutdown once one has begun', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([
      200,
      { status: 'ready', database: 'ok', redis: 'off' },
    ]);
    expect(ready.headers['cache-control']).toBe('no-store');

    t.app.readiness.isShuttingDown = true;
    const draining = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect([draining.statusCode, draining.json()]).toEqual([
      503,
      { message: API_MESSAGES.notReady, missing: ['shutdown'] },
    ]);
    // Liveness is another question: the process still serves.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
