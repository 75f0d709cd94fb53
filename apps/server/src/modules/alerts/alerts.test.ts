import { randomUUID } from 'node:crypto';
import { ALERTS_MESSAGES, EVENT_TYPES } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { addProducts, asReader, completeShelfAudit, pairReader } from '../../test/readers.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { addPlace, addStockedProduct } from '../../test/stock-places.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let smtp: TestSmtp;
let hook: WebhookReceiver;

beforeAll(async () => {
  smtp = await startTestSmtp();
  hook = await startWebhookReceiver();
  t = await createTestApp({
    smtpUrl: smtp.url,
    webhooks: { allowPrivate: true, retryDelaysMs: [200, 200, 200] },
    jobs: { isWorkerOn: true, pollMs: 50, sweepMs: 200, digestMs: 200 },
  });
  a = await createTenant(t, 'Alerts Co');
  b = await createTenant(t, 'Other Co');
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
  await hook.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const bell = async (token: string, query = '') =>
  (await call('GET', `/api/notifications${query}`, token)).json();

/** An audit of a shelf of its own holding `expected` units of one product, finding `found` of them. */
const completeAudit = (tenant: Tenant, name: string, expected: number, found: number) =>
  completeShelfAudit(t, tenant, name, expected, found);

const eventsOf = async (companyId: number, type: string) =>
  (
    await t.database.db.execute<{ payload: Record<string, unknown> }>(
      sql`select payload from events where company_id = ${companyId} and type = ${type} order by id`,
    )
  ).rows.map((r) => r.payload);

describe('the bell', () => {
  it('tells everyone of a completed audit, newest first, with its figures and a link to it', async () => {
    const { id } = await completeAudit(a, 'Front shelf', 10, 7);
    const list = await bell(a.member.token);
    expect(list.unread).toBeGreaterThanOrEqual(1);
    const item = list.data.find((n: { type: string }) => n.type === 'audit.completed');
    expect(item).toMatchObject({
      type: 'audit.completed',
      title: 'Front shelf completed: 70% accuracy',
      link: `/audits?audit=${id}`,
      read: false,
    });
    expect(item.body).toContain('7 of 10 tags found');
    expect(item.body).toContain('1 shortage');
    expect(list.pagination).toMatchObject({ page: 1, limit: 10 });
    // The other company hears nothing of it.
    expect((await bell(b.member.token)).data).toEqual([]);
  });

  it('marks one read, then all; a member is not told about readers, an operator is', async () => {
    const reader = await pairReader(t, a);
    await asReader(t, reader.token, '/api/rfid/heartbeat', { battery_level: 12, signal_strength: 3 });
    const op = await bell(a.operator.token);
    const low = op.data.find((n: { type: string }) => n.type === 'device.battery_low');
    expect(low).toMatchObject({ link: `/devices?device=${reader.deviceId}` });
    expect(low.title).toContain('battery at 12%');
    const member = await bell(a.member.token);
    expect(member.data.some((n: { type: string }) => n.type.startsWith('device.'))).toBe(false);

    const first = op.data[0];
    const one = await call('POST', '/api/notifications/read', a.operator.token, { ids: [first.id] });
    expect(one.json().unread).toBe(op.unread - 1);
    expect((await bell(a.operator.token)).data[0].read).toBe(true);
    const all = await call('POST', '/api/notifications/read', a.operator.token, {});
    expect(all.json()).toEqual({ unread: 0 });
    expect((await bell(a.operator.token)).data.every((n: { read: boolean }) => n.read)).toBe(true);
    // Someone else's reads are their own.
    expect((await bell(a.admin.token)).unread).toBeGreaterThan(0);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ ids: 'all' }, 'ids must be a list of notification ids'],
      [{ ids: [-1] }, 'ids must be notification ids'],
      [{ ids: [1.5] }, 'ids must be notification ids'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/notifications/read', a.admin.token, payload);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect((await call('GET', '/api/notifications?limit=500', a.admin.token)).statusCode).toBe(400);
  });
});

describe('events', () => {
  it('a reader that stops sending heartbeats goes offline once, and online again with its next heartbeat', async () => {
    const reader = await pairReader(t, a);
    await asReader(t, reader.token, '/api/rfid/heartbeat', { battery_level: 80, signal_strength: 3 });
    // Three minutes of silence (the online window is two): its last heartbeat moves back instead of waiting.
    await t.database.db.execute(
      sql`update devices set last_seen = now() - interval '3 minutes' where id = ${reader.deviceId}`,
    );
    const offline = async () =>
      (await eventsOf(a.companyId, 'device.offline')).filter((e) => e.device_id === reader.deviceId);
    await until(async () => (await offline()).length === 1);
    await new Promise((r) => setTimeout(r, 600)); // three more sweeps: still told once
    expect(await offline()).toHaveLength(1);
    await asReader(t, reader.token, '/api/rfid/heartbeat', { battery_level: 79, signal_strength: 3 });
    const online = (await eventsOf(a.companyId, 'device.online')).filter(
      (e) => e.device_id === reader.deviceId,
    );
    expect(online).toHaveLength(1);
    // Low battery is told once per crossing, not on every heartbeat.
    for (const level of [15, 14, 13])
      await asReader(t, reader.token, '/api/rfid/heartbeat', { battery_level: level, signal_strength: 3 });
    const low = (await eventsOf(a.companyId, 'device.battery_low')).filter(
      (e) => e.device_id === reader.deviceId,
    );
    expect(low).toHaveLength(1);
  });

  it('a product crossing into low or out of stock is told once per crossing', async () => {
    const made = await call('POST', '/api/inventory', a.operator.token, {
      name: 'Crossing widget',
      sku: 'CROSS1',
      quantity: 20,
      min_stock_level: 5,
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const put = (quantity: number) =>
      call('PUT', `/api/inventory/${id}`, a.operator.token, {
        name: 'Crossing widget',
        sku: 'CROSS1',
        quantity,
        min_stock_level: 5,
      });
    for (const q of [4, 3, 0, 0, 12, 2]) expect((await put(q)).statusCode).toBe(200);
    const mine = (rows: Record<string, unknown>[]) =>
      rows.filter((e) => e.product_id === id).map((e) => e.quantity);
    expect(mine(await eventsOf(a.companyId, 'inventory.stock_low'))).toEqual([4, 2]);
    expect(mine(await eventsOf(a.companyId, 'inventory.out_of_stock'))).toEqual([0]);
    const n = (await bell(a.member.token)).data.find(
      (x: { type: string }) => x.type === 'inventory.stock_low',
    );
    expect(n).toMatchObject({
      title: 'Crossing widget (CROSS1) is running low',
      link: '/inventory?search=CROSS1',
    });
  });

  it('an audit whose reads stop past the time-out is recorded as failed, once', async () => {
    const reader = await pairReader(t, a);
    const id = (
      await asReader(t, reader.token, '/api/rfid/audits', {
        client_audit_id: randomUUID(),
        name: 'Stalled count',
      })
    ).json().audit_id as number;
    await t.database.db.execute(
      sql`update audits set created_at = now() - interval '3 hours' where id = ${id}`,
    );
    const failed = async () => (await eventsOf(a.companyId, 'audit.failed')).filter((e) => e.audit_id === id);
    await until(async () => (await failed()).length === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await failed()).toHaveLength(1);
    const audit = await call('GET', `/api/audits/${id}`, a.member.token);
    expect(audit.json().status).toBe('failed');
  });
});

describe('e-mail', () => {
  it('keeps each person’s choices per company, offering only what their role is told of', async () => {
    const empty = await call('GET', '/api/settings/notifications', a.member.token);
    expect(empty.json()).toMatchObject({
      email_events: [],
      accuracy_below: null,
      digest_hour: null,
      time_zone: 'UTC',
    });
    expect(empty.json().available_events).not.toContain('device.offline');
    const refused = await call('PUT', '/api/settings/notifications', a.member.token, {
      email_events: ['device.offline'],
      accuracy_below: null,
      digest_hour: null,
      time_zone: 'UTC',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ALERTS_MESSAGES.eventsNotAllowed);
    const cases: [object, string][] = [
      [
        { email_events: ['nope'], accuracy_below: null, digest_hour: null, time_zone: 'UTC' },
        `events must be among: ${EVENT_TYPES.join(', ')}`,
      ],
      [
        { email_events: [], accuracy_below: 101, digest_hour: null, time_zone: 'UTC' },
        'accuracy_below must be a whole number from 1 to 100',
      ],
      [
        { email_events: [], accuracy_below: null, digest_hour: 24, time_zone: 'UTC' },
        'digest_hour must be a whole number from 0 to 23',
      ],
      [
        { email_events: [], accuracy_below: null, digest_hour: 8, time_zone: 'Mars/Olympus' },
        'time_zone must be a time zone such as Europe/Amsterdam',
      ],
    ];
    for (const [bad, message] of cases) {
      const res = await call('PUT', '/api/settings/notifications', a.member.token, bad);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    const saved = await call('PUT', '/api/settings/notifications', a.member.token, {
      email_events: ['inventory.import_completed'],
      accuracy_below: 90,
      digest_hour: 7,
      time_zone: 'Europe/Amsterdam',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      email_events: ['inventory.import_completed'],
      time_zone: 'Europe/Amsterdam',
    });
  });

  it('e-mails an audit under the accuracy threshold, with a one-click unsubscribe that works', async () => {
    await call('PUT', '/api/settings/notifications', a.operator.token, {
      email_events: ['audit.completed'],
      accuracy_below: 80,
      digest_hour: null,
      time_zone: 'UTC',
    });
    await completeAudit(a, 'Good count', 10, 10);
    await completeAudit(a, 'Poor count', 10, 5);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(a.operator.email) && m.subject.includes('Poor count'),
    );
    expect(mail.subject).toBe('Poor count completed: 50% accuracy');
    expect(mail.text).toContain('Open in Quantics: http://localhost:3000/audits?audit=');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /<(http[^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] as string;
    expect(unsubscribe).toContain('/api/notifications/unsubscribe?token=');
    expect(smtp.received.some((m) => m.subject.includes('Good count'))).toBe(false);

    const path = unsubscribe.replace('http://localhost:3000', '');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button');
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(ALERTS_MESSAGES.unsubscribed);
    expect((await call('GET', '/api/settings/notifications', a.operator.token)).json().email_events).toEqual(
      [],
    );
    const forged = await t.app.inject({ method: 'POST', url: `${path.slice(0, -4)}beef` });
    expect(forged.statusCode).toBe(400);
  });

  it('sends the daily digest at the chosen hour, once a day, and skips a day with nothing to say', async () => {
    const hour = new Date().getUTCHours();
    await addProducts(t, b.companyId, [{ sku: 'DIG1', quantity: 0, name: 'Digest gadget' }]);
    // Kept in two places: low as a whole (8 against 10), with where its units are.
    const floor = await addPlace(t, b, 'Floor');
    const back = await addPlace(t, b, 'Back room');
    await addStockedProduct(t, b, { name: 'Digest tent', sku: 'DIG2', min_stock_level: 10 }, [
      { location_id: floor, quantity: 3 },
      { location_id: back, quantity: 5 },
    ]);
    // Saved at the hour already: today's is skipped, so set it from an hour before, then move the day back.
    await call('PUT', '/api/settings/notifications', b.member.token, {
      email_events: [],
      accuracy_below: null,
      digest_hour: hour,
      time_zone: 'UTC',
    });
    await t.database.db.execute(
      sql`update notification_settings set last_digest_on = current_date - 1 where user_id = ${b.member.userId}`,
    );
    const digest = await smtp.waitFor((m) => m.to.includes(b.member.email) && m.subject.includes('digest'));
    expect(digest.text).toContain('Out of stock (1): Digest gadget (DIG1)');
    expect(digest.text).toContain('Low stock (1): Digest tent (DIG2): 8 left (5 at Back room, 3 at Floor).');
    expect(digest.headers['list-unsubscribe']).toContain('/api/notifications/unsubscribe?token=');
    await new Promise((r) => setTimeout(r, 600));
    expect(smtp.received.filter((m) => m.to.includes(b.member.email))).toHaveLength(1);
  });
});

describe('webhooks', () => {
  it('signs every event (Standard Webhooks), retries through 500s and delivers each exactly once', async () => {
    const made = await call('POST', '/api/webhooks', a.admin.token, {
      url: hook.url,
      events: ['inventory.import_completed', 'audit.completed'],
    });
    expect(made.statusCode).toBe(201);
    const webhook = made.json();
    expect(webhook.secret).toMatch(/^whsec_/);
    expect((await call('GET', '/api/webhooks', a.admin.token)).json().data[0]).not.toHaveProperty('secret');
    hook.state.secret = webhook.secret;
    hook.state.isFailing = true;
    const { id } = await completeAudit(a, 'Hooked count', 4, 4);
    await until(async () => hook.attempts.length >= 2);
    hook.state.isFailing = false;
    await hook.waitUntil((acc) => acc.some((r) => r.type === 'audit.completed'));
    const got = hook.accepted.filter((r) => r.type === 'audit.completed');
    expect(got).toHaveLength(1);
    expect(got[0]?.body).toMatchObject({
      type: 'audit.completed',
      data: { audit_id: id, accuracy: 100, company_id: a.companyId, name: 'Hooked count' },
    });
    expect(hook.rejected).toEqual([]);
    // The receiver has the message before the sender has recorded its answer: wait for the log to say so.
    const deliveries = async () =>
      (await call('GET', `/api/webhooks/${webhook.id}/deliveries`, a.admin.token)).json();
    await until(async () => (await deliveries()).data[0]?.status === 'success');
    const log = await deliveries();
    expect(log.data[0]).toMatchObject({ status: 'success', response_code: 200, type: 'audit.completed' });
    expect(log.data.some((d: { response_code: number }) => d.response_code === 500)).toBe(true);
    expect(JSON.parse(log.data[0].body).data.audit_id).toBe(id);

    const test = await call('POST', `/api/webhooks/${webhook.id}/test`, a.admin.token);
    expect(test.statusCode).toBe(202);
    await hook.waitUntil((acc) => acc.some((r) => r.id === test.json().message_id));
    // Another company's admin sees none of it.
    expect((await call('GET', `/api/webhooks/${webhook.id}/deliveries`, b.admin.token)).statusCode).toBe(404);
  });

  it('switches off an endpoint that fails through every retry and tells the admins', async () => {
    const failing = await startWebhookReceiver();
    const made = (
      await call('POST', '/api/webhooks', b.admin.token, {
        url: failing.url,
        events: ['inventory.out_of_stock'],
      })
    ).json();
    failing.state.secret = made.secret;
    failing.state.isFailing = true;
    const p = await addProducts(t, b.companyId, [{ sku: 'OFF1', quantity: 3 }]);
    await t.database.db.execute(sql`update products set quantity = 0 where id = ${p.OFF1?.id as number}`);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(b.admin.email) && m.subject === 'A webhook was switched off',
    );
    expect(mail.text).toContain(failing.url);
    const list = (await call('GET', '/api/webhooks', b.admin.token)).json().data;
    expect(list[0]).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    expect(failing.attempts).toHaveLength(4); // the first try and three retries
    const on = await call('PUT', `/api/webhooks/${made.id}`, b.admin.token, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    await failing.close();
  });

  it('refuses private addresses unless allowed, and bad bodies with a message', async () => {
    const strict = await createTestApp({ webhooks: { allowPrivate: false } });
    try {
      const admin = (await createTenant(strict, 'Strict Co')).admin;
      for (const url of [
        'http://127.0.0.1:9/x',
        'http://169.254.169.254/latest',
        'http://[::1]/',
        'http://10.1.2.3/',
      ]) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers: bearer(admin.token),
          payload: { url, events: ['audit.completed'] },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(ALERTS_MESSAGES.webhookUrlPrivate);
      }
    } finally {
      await strict.close();
    }
    const notAddress = 'url must be an https:// or http:// address';
    const cases: [object, string][] = [
      [{ url: 'ftp://example.com', events: ['audit.completed'] }, notAddress],
      [{ url: 'https://user:pw@example.com', events: ['audit.completed'] }, notAddress],
      [{ url: hook.url, events: [] }, 'choose at least one event'],
      [{ url: hook.url, events: ['audit.exploded'] }, `events must be among: ${EVENT_TYPES.join(', ')}`],
      [{ url: hook.url, events: ['audit.completed'], enabled: 'yes' }, 'enabled must be true or false'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/webhooks', a.admin.token, payload);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(
      (await call('POST', '/api/webhooks', a.operator.token, { url: hook.url, events: ['audit.completed'] }))
        .statusCode,
    ).toBe(403);
  });

  it('documents every event’s body in the OpenAPI document’s webhooks section', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    const body = doc.webhooks['audit.completed'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['type', 'timestamp', 'data']);
    expect(body.properties.data.properties).toHaveProperty('company_id');
    expect(body.properties.data.properties).toHaveProperty('discrepancies_by_type');
    expect(doc.webhooks['audit.completed'].post.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
  });

  it('sends a Slack incoming-webhook URL a readable message', async () => {
    const { webhookBody } = await import('./webhook-body.ts');
    const body = JSON.parse(
      webhookBody('https://hooks.slack.com/services/T0/B0/x', 'https://q.example', {
        type: 'inventory.out_of_stock',
        payload: { product_id: 3, sku: 'AB1', name: 'Blue widget', quantity: 0 },
        created_at: new Date(),
      }),
    );
    expect(body).toEqual({
      text: '*Blue widget (AB1) is out of stock*\nQuantity is 0. <https://q.example/inventory?search=AB1|Open in Quantics>',
    });
  });
});

async function until(ok: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
