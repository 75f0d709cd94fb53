import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { SecretBox } from '../lib/crypto.ts';
import { recordEvent } from '../modules/events/events.repo.ts';
import { bearer } from '../test/factories.ts';
import { migratedOverData } from '../test/migrations.ts';
import { createTenant, type Tenant } from '../test/tenants.ts';
import { createTestApp, type TestApp, testConfig } from '../test/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver.ts';

/**
 * Event dispatch and webhook delivery are pg-boss queues (jobs/kinds.ts, each declared with defineJob): every event written is a job in its
 * transaction, every message a job, and a message whose endpoint is switched off waits without one until it is
 * switched on. The background loops are off here: each step is run with app.jobs.drain, so what a job did is seen
 * before the next one runs.
 */
let t: TestApp;
let a: Tenant;
let hook: WebhookReceiver;

beforeAll(async () => {
  hook = await startWebhookReceiver();
  t = await createTestApp({ webhooks: { allowPrivate: true, retryDelaysMs: [100, 100, 100] } });
  a = await createTenant(t, 'Queued Co');
}, 180_000);
afterAll(async () => {
  await t.close();
  await hook.close();
});

const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  (await t.database.db.execute<T>(q)).rows;
const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(a.admin.token), ...(payload ? { payload } : {}) });

/** pg-boss's jobs of a queue about one record (its data's key), by state. */
const jobStates = async (queue: string, id: number) =>
  (
    await rows<{ state: string }>(sql`
      select state::text as state from pgboss.job
      where name = ${queue} and (data->>'company_id')::int = ${a.companyId} and (data->>'id')::bigint = ${id}
      order by created_on, state`)
  ).map((r) => r.state);

/** Runs a task until `ok` holds: a retry is due some milliseconds after the attempt before it. */
async function drainUntil(task: 'event-dispatch' | 'webhook-delivery', ok: () => Promise<boolean>) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await t.app.jobs.drain(task);
    if (await ok()) return;
    if (Date.now() > deadline) throw new Error(`${task}: the condition was not met`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function endpoint(events: string[]): Promise<number> {
  const made = await call('POST', '/api/webhooks', { url: hook.url, events });
  expect(made.statusCode).toBe(201);
  hook.state.secret = made.json().secret;
  return made.json().id;
}

describe('event dispatch on pg-boss', () => {
  it('queues an event with what writes it: a rollback leaves neither, a commit one job, handed on once', async () => {
    const id = await endpoint(['inventory.import_completed']);
    const payload = { file_name: 'rolled-back.csv', created: 1, updated: 0, failed: 0, units: 1, by: 'Ann' };
    await t.database.db
      .transaction(async (tx) => {
        await recordEvent(tx, a.companyId, 'inventory.import_completed', payload);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const events = () =>
      rows<{ id: number; file: string; dispatched: boolean }>(sql`
        select id::int as id, payload->>'file_name' as file, dispatched_at is not null as dispatched from events
        where company_id = ${a.companyId} and type = 'inventory.import_completed' order by id`);
    expect(await events()).toEqual([]);

    await recordEvent(t.database.db, a.companyId, 'inventory.import_completed', {
      ...payload,
      file_name: 'committed.csv',
    });
    const [event] = await events();
    expect(event).toMatchObject({ file: 'committed.csv', dispatched: false });
    expect(await jobStates('event-dispatch', event?.id as number)).toEqual(['created']);

    await t.app.jobs.drain('event-dispatch');
    expect((await events())[0]?.dispatched).toBe(true);
    expect(await jobStates('event-dispatch', event?.id as number)).toEqual(['completed']);
    // Its message for the endpoint, with a delivery job of its own.
    const [message] = await rows<{ id: number; endpoint_id: number }>(sql`
      select id::int as id, endpoint_id from webhook_messages
      where company_id = ${a.companyId} and event_id = ${event?.id as number}`);
    expect(message?.endpoint_id).toBe(id);
    expect(await jobStates('webhook-delivery', message?.id as number)).toEqual(['created']);
    await t.app.jobs.drain('webhook-delivery');
    expect(hook.accepted.filter((r) => r.id === `msg_evt_${event?.id}`)).toHaveLength(1);
    expect(await jobStates('webhook-delivery', message?.id as number)).toEqual(['completed']);
    // A second look finds nothing: the event is not handed on twice.
    await t.app.jobs.drain('event-dispatch');
    await t.app.jobs.drain('webhook-delivery');
    expect(hook.accepted.filter((r) => r.id === `msg_evt_${event?.id}`)).toHaveLength(1);
  });

  it('holds a message while its endpoint is switched off, and sends it once when it is switched on', async () => {
    const id = await endpoint(['audit.completed']);
    hook.state.isFailing = true;
    const sent = await call('POST', `/api/webhooks/${id}/test`);
    expect(sent.statusCode).toBe(202);
    const msgId = sent.json().message_id as string;
    const message = async () =>
      (
        await rows<{ id: number; status: string; attempts: number; held: boolean }>(sql`
          select id::int as id, status, attempts, held_at is not null as held from webhook_messages
          where msg_id = ${msgId}`)
      )[0] as { id: number; status: string; attempts: number; held: boolean };
    // The first attempt fails (500): a retry is due after the kind's wait.
    await drainUntil('webhook-delivery', async () => (await message()).attempts === 1);
    const { id: messageId } = await message();
    expect(await jobStates('webhook-delivery', messageId)).toEqual(['completed', 'created']);

    // Switched off before the retry: the retry's job finds the endpoint off, and the message waits without a job.
    expect((await call('PUT', `/api/webhooks/${id}`, { enabled: false })).statusCode).toBe(200);
    await drainUntil('webhook-delivery', async () => (await message()).held);
    expect(await message()).toMatchObject({ status: 'pending', attempts: 1, held: true });
    expect(await jobStates('webhook-delivery', messageId)).toEqual(['completed', 'completed']);
    expect(hook.attempts.filter((r) => r.id === msgId)).toHaveLength(1);
    // /metrics does not count a held message as waiting to go.
    const [waiting] = await rows<{ n: number }>(sql`
      select count(*)::int as n from webhook_messages where id = ${messageId} and status = 'pending'
        and held_at is null`);
    expect(waiting?.n).toBe(0);

    // Switched on again (the endpoint answers now): the message is due at once, and sent once.
    hook.state.isFailing = false;
    expect((await call('PUT', `/api/webhooks/${id}`, { enabled: true })).statusCode).toBe(200);
    expect(await message()).toMatchObject({ held: false });
    await drainUntil('webhook-delivery', async () => (await message()).status === 'delivered');
    expect(await message()).toMatchObject({ status: 'delivered', attempts: 2, held: false });
    expect(hook.accepted.filter((r) => r.id === msgId)).toHaveLength(1);
    expect(await jobStates('webhook-delivery', messageId)).toEqual(['completed', 'completed', 'completed']);
    // Switching it on again with nothing held queues nothing.
    expect((await call('PUT', `/api/webhooks/${id}`, { enabled: true })).statusCode).toBe(200);
    expect(await jobStates('webhook-delivery', messageId)).toHaveLength(3);
  });

  it('completes a job whose message went with its endpoint, sending nothing', async () => {
    const id = await endpoint(['audit.completed']);
    const sent = await call('POST', `/api/webhooks/${id}/test`);
    const msgId = sent.json().message_id as string;
    const [message] = await rows<{ id: number }>(
      sql`select id::int as id from webhook_messages where msg_id = ${msgId}`,
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${id}`,
      headers: bearer(a.admin.token),
    });
    expect(removed.statusCode).toBe(200);
    await t.app.jobs.drain('webhook-delivery');
    expect(await jobStates('webhook-delivery', message?.id as number)).toEqual(['completed']);
    expect(hook.received.filter((r) => r.id === msgId)).toEqual([]);
  });
});

describe('an instance that hands events on', () => {
  it('sends their webhooks at once, without waiting for its next look', async () => {
    await endpoint(['inventory.import_completed']);
    // Background work on, looking every minute: only the wake after a dispatch can send within the test.
    const app = await buildApp(
      testConfig({
        webhooks: { allowPrivate: true },
        jobs: { isWorkerOn: true, tasks: ['event-dispatch', 'webhook-delivery'], pollMs: 60_000 },
      }),
      { database: t.database, logger: false },
    );
    try {
      await app.ready();
      // Its first looks, 50 ms after the start, find nothing: both wait a minute now.
      await t.app.jobs.drain('event-dispatch');
      await t.app.jobs.drain('webhook-delivery');
      await new Promise((r) => setTimeout(r, 300));
      await recordEvent(t.database.db, a.companyId, 'inventory.import_completed', {
        file_name: 'woken.csv',
        created: 1,
        updated: 0,
        failed: 0,
        units: 1,
        by: 'Ann',
      });
      const t0 = Date.now();
      await app.jobs.drain('event-dispatch');
      await hook.waitUntil(
        (accepted) => accepted.some((r) => (r.body.data as { file_name?: string }).file_name === 'woken.csv'),
        20_000,
      );
      expect(Date.now() - t0).toBeLessThan(20_000);
    } finally {
      await app.close();
    }
  });
});

describe('the upgrade to pg-boss', () => {
  it('hands on the events and delivers the messages the version before left, holding those of an endpoint off', async () => {
    const receiver = await startWebhookReceiver('whsec_dXBncmFkZWQtc2VjcmV0');
    const box = new SecretBox(testConfig().appSecret);
    const { database, cleanUp } = await migratedOverData('webhooks_and_events_on_pgboss', async (old) => {
      const db = old.db;
      await db.execute(sql`insert into companies (id, name) values (9001, 'Upgraded Co')`);
      await db.execute(sql`
        insert into webhook_endpoints (company_id, id, url, events, secret_enc, is_enabled) overriding system value values
          (9001, 1, ${receiver.url}, array['inventory.import_completed'],
            ${box.seal('whsec_dXBncmFkZWQtc2VjcmV0')}, true),
          (9001, 2, ${receiver.url}, array['audit.completed'], ${box.seal('whsec_dXBncmFkZWQtc2VjcmV0')}, false)`);
      // An event not handed on yet; a message still to deliver to each endpoint; one delivered already.
      await db.execute(sql`
        insert into events (company_id, type, payload) values (9001, 'inventory.import_completed',
          ${JSON.stringify({ company_id: 9001, file_name: 'before.csv', created: 1, updated: 0, failed: 0, units: 1, by: 'Ann' })}::jsonb)`);
      await db.execute(sql`
        insert into webhook_messages (company_id, endpoint_id, msg_id, type, body, status, attempts) values
          (9001, 1, 'msg_test_waiting', 'webhook.test', '{"type":"webhook.test"}', 'pending', 1),
          (9001, 2, 'msg_test_off', 'webhook.test', '{"type":"webhook.test"}', 'pending', 0),
          (9001, 1, 'msg_test_done', 'webhook.test', '{"type":"webhook.test"}', 'delivered', 1)`);
    });
    try {
      const app = await buildApp(
        testConfig({ webhooks: { allowPrivate: true }, jobs: { isWorkerOn: false } }),
        { database, logger: false },
      );
      try {
        await app.ready();
        await app.jobs.drain('event-dispatch');
        await app.jobs.drain('webhook-delivery');
        const ids = receiver.accepted.map((r) => r.id);
        expect(ids).toContain('msg_test_waiting');
        expect(receiver.accepted.map((r) => r.body.data)).toContainEqual(
          expect.objectContaining({ file_name: 'before.csv' }),
        );
        expect(ids).not.toContain('msg_test_off');
        expect(ids).not.toContain('msg_test_done');
        expect(ids).toHaveLength(2);
        const held = await database.db.execute<{ held: boolean; status: string }>(sql`
          select held_at is not null as held, status from webhook_messages where msg_id = 'msg_test_off'`);
        expect(held.rows[0]).toEqual({ held: true, status: 'pending' });
        const left = await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where state < 'completed'`,
        );
        expect(left.rows[0]?.n).toBe(0);
      } finally {
        await app.close();
      }
    } finally {
      await cleanUp();
      await receiver.close();
    }
  }, 180_000);
});
