import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { bearer } from '../test/factories.ts';
import { startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import { createTenant, type Tenant } from '../test/tenants.ts';
import { createTestApp, type TestApp, testConfig } from '../test/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver.ts';
import { queueAlertMail } from './mail-jobs.repo.ts';

/**
 * A rolling upgrade must not strand background work: an instance of a build before pg-boss, still running beside
 * this one, writes webhook messages and e-mails as rows with no pg-boss job. Here they are written the way that build
 * wrote them (plain inserts); the requeue sweep gives each pending one a job, once, however many instances run it,
 * and each is then delivered once. (src/jobs/rolling-upgrade.test.ts runs the build before itself, in the system
 * tier.)
 */
let t: TestApp;
let a: Tenant;
let hook: WebhookReceiver;
let smtp: TestSmtp;
let endpointId: number;
const extra: FastifyInstance[] = [];

beforeAll(async () => {
  hook = await startWebhookReceiver();
  smtp = await startTestSmtp();
  t = await createTestApp({
    smtpUrl: smtp.url,
    metrics: { token: 'requeue-metrics-token-0123456789', host: '127.0.0.1' },
    webhooks: { allowPrivate: true, retryDelaysMs: [100] },
  });
  a = await createTenant(t, 'Requeue Co');
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: bearer(a.admin.token),
    payload: { url: hook.url, events: ['audit.completed'] },
  });
  endpointId = made.json().id;
  hook.state.secret = made.json().secret;
}, 120_000);
afterAll(async () => {
  for (const app of extra) await app.close();
  await t?.close();
  await hook?.close();
  await smtp?.close();
});

async function instance(overrides: Partial<AppConfig>): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ smtpUrl: smtp.url, ...overrides }), {
    database: t.database,
    logger: false,
  });
  await app.ready();
  extra.push(app);
  return app;
}

const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  (await t.database.db.execute<T>(q)).rows;

/** The live pg-boss jobs (created, due again, active) of a queue whose data is the record's key. */
const liveJobs = (queue: string, key: Record<string, number>) =>
  rows<{ start_after: Date }>(sql`select start_after from pgboss.job
    where name = ${queue} and state < 'completed' and data = ${JSON.stringify(key)}::jsonb`);

const mail = (to: string) => JSON.stringify({ to, subject: `Hello ${to}`, text: 'hi', html: '<p>hi</p>' });

/** Records as the build before writes them: inserted with no job. */
async function strand(tag: string) {
  const [alert] = await rows<{ id: number }>(sql`insert into mail_jobs (company_id, to_email, message)
    values (${a.companyId}, ${`${tag}.alert@requeue.test`}, ${mail(`${tag}.alert@requeue.test`)}::jsonb)
    returning id::int as id`);
  const [later] = await rows<{ id: number }>(sql`insert into mail_jobs (company_id, to_email, message, run_at)
    values (${a.companyId}, ${`${tag}.later@requeue.test`}, ${mail(`${tag}.later@requeue.test`)}::jsonb,
      now() + interval '1 hour') returning id::int as id`);
  const [account] = await rows<{ id: number }>(sql`insert into account_mail_jobs (to_email, message)
    values (${`${tag}.account@requeue.test`}, ${mail(`${tag}.account@requeue.test`)}::jsonb) returning id::int as id`);
  const body = (n: string) => JSON.stringify({ type: 'webhook.test', data: { message: n } });
  const [message] = await rows<{ id: number }>(sql`
    insert into webhook_messages (company_id, endpoint_id, msg_id, type, body)
    values (${a.companyId}, ${endpointId}, ${`msg_${tag}_pending`}, 'webhook.test', ${body(tag)})
    returning id::int as id`);
  // Neither of these is work to do: one waits for its endpoint on purpose, one was delivered.
  const [held] = await rows<{ id: number }>(sql`
    insert into webhook_messages (company_id, endpoint_id, msg_id, type, body, held_at)
    values (${a.companyId}, ${endpointId}, ${`msg_${tag}_held`}, 'webhook.test', ${body(tag)}, now())
    returning id::int as id`);
  await t.database.db.execute(sql`
    insert into webhook_messages (company_id, endpoint_id, msg_id, type, body, status)
    values (${a.companyId}, ${endpointId}, ${`msg_${tag}_done`}, 'webhook.test', ${body(tag)}, 'delivered')`);
  const c = a.companyId;
  return {
    alert: { company_id: c, id: alert?.id as number },
    later: { company_id: c, id: later?.id as number },
    account: { id: account?.id as number },
    message: { company_id: c, id: message?.id as number },
    held: { company_id: c, id: held?.id as number },
  };
}

describe('records left without a pg-boss job', () => {
  it('get one job each, due when they say, from two instances sweeping at once, and go once', async () => {
    const k = await strand('two');
    // One queued the way this build does: it has its job already and gets no second.
    await t.database.db.transaction((tx) =>
      queueAlertMail(tx, [
        { company_id: a.companyId, to_email: 'queued@requeue.test', message: mail('queued@requeue.test') },
      ]),
    );
    const [queued] = await rows<{ id: number }>(
      sql`select id::int as id from mail_jobs where to_email = 'queued@requeue.test'`,
    );
    expect(await liveJobs('alert-mail', k.alert)).toEqual([]);

    const other = await instance({ jobs: { isWorkerOn: false } });
    await Promise.all([t.app.jobs.drain('requeue'), other.jobs.drain('requeue')]);
    await t.app.jobs.drain('requeue');

    expect((await liveJobs('alert-mail', k.alert)).length).toBe(1);
    expect((await liveJobs('account-mail', k.account)).length).toBe(1);
    expect((await liveJobs('webhook-delivery', k.message)).length).toBe(1);
    expect(await liveJobs('webhook-delivery', k.held)).toEqual([]);
    expect((await liveJobs('alert-mail', { company_id: a.companyId, id: queued?.id as number })).length).toBe(
      1,
    );
    const [later] = await liveJobs('alert-mail', k.later);
    expect(new Date(later?.start_after as Date).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    const requeued = await t.app.metrics.jobsRequeued.get();
    const total = (kind: string) =>
      requeued.values.filter((v) => v.labels.kind === kind).reduce((s, v) => s + v.value, 0);
    // This app's share and the other's together: each record once.
    const otherCount = await other.metrics.jobsRequeued.get();
    const both = (kind: string) =>
      total(kind) + otherCount.values.filter((v) => v.labels.kind === kind).reduce((s, v) => s + v.value, 0);
    expect([both('alert-mail'), both('account-mail'), both('webhook-delivery')]).toEqual([2, 1, 1]);

    for (const task of ['alert-mail', 'account-mail', 'webhook-delivery'] as const)
      await t.app.jobs.drain(task);
    await hook.waitUntil((got) => got.some((d) => d.id === 'msg_two_pending'));
    for (const to of ['two.alert@requeue.test', 'two.account@requeue.test', 'queued@requeue.test'])
      expect([to, smtp.received.filter((m) => m.to.includes(to)).length]).toEqual([to, 1]);
    expect(smtp.received.some((m) => m.to.includes('two.later@requeue.test'))).toBe(false);
    expect(hook.accepted.filter((d) => d.id.startsWith('msg_two_')).map((d) => d.id)).toEqual([
      'msg_two_pending',
    ]);
    // Sent: nothing left to queue again.
    await t.app.jobs.drain('requeue');
    expect(await liveJobs('alert-mail', k.alert)).toEqual([]);
  });

  it('are queued by an instance as it starts', async () => {
    const k = await strand('start');
    await instance({ jobs: { isWorkerOn: true, tasks: ['requeue'], pollMs: 50 } });
    const live = async () =>
      [
        await liveJobs('webhook-delivery', k.message),
        await liveJobs('account-mail', k.account),
        await liveJobs('alert-mail', k.alert),
      ].map((jobs) => jobs.length);
    await expect.poll(live).toEqual([1, 1, 1]);
  });
});
