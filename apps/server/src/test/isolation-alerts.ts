import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { SecretBox } from '../lib/crypto.ts';
import { bearer } from './factories.ts';
import type { Tenant } from './tenants.ts';
import type { TestApp } from './test-app.ts';

// Alerts' part of the isolation suite: A has events (its completed audit, and the ones made here) and a webhook
// endpoint with a delivery; B's admin goes after them.

type World = { a: Tenant; b: Tenant; aAuditId: number };
type Probe = (w: World) => Promise<void>;

export const ALERTS_NOT_COMPANY_DATA: Record<string, string> = {
  'GET /api/settings/notifications': "the caller's own choices in their current company",
  'PUT /api/settings/notifications': "the caller's own choices in their current company",
  'GET /api/notifications/unsubscribe': 'the e-mailed token names the person and company, whoever holds it',
  'POST /api/notifications/unsubscribe': 'the e-mailed token names the person and company, whoever holds it',
};

export function alertsProbes(getT: () => TestApp): Record<string, Probe> {
  let aWebhookId = 0;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    getT().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const notFound = (res: { statusCode: number; json: () => { message: string } }) => {
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not found/i);
  };
  /** A's endpoint with one logged attempt, written straight to the tables (the webhooks API has its own tests). */
  const ensureWebhook = async (w: World) => {
    if (aWebhookId) return aWebhookId;
    const db = getT().database.db;
    const sealed = new SecretBox('test-secret-that-is-at-least-32-characters-long').seal('whsec_dGVzdA==');
    const made = await db.execute<{ id: number }>(sql`
      insert into webhook_endpoints (company_id, url, events, secret_enc)
      values (${w.a.companyId}, 'https://a.example/hook', array['audit.completed'], ${sealed}) returning id`);
    aWebhookId = Number(made.rows[0]?.id);
    const msg = await db.execute<{ id: number }>(sql`
      insert into webhook_messages (endpoint_id, company_id, msg_id, type, body, status)
      values (${aWebhookId}, ${w.a.companyId}, 'msg_a_secret', 'webhook.test', '{"A secret":1}', 'delivered')
      returning id`);
    await db.execute(sql`insert into webhook_attempts
      (company_id, message_id, endpoint_id, is_success, response_code, duration_ms)
      values (${w.a.companyId}, ${Number(msg.rows[0]?.id)}, ${aWebhookId}, true, 200, 5)`);
    return aWebhookId;
  };
  const aWebhook = async (w: World) => (await call(w.a.admin.token, 'GET', '/api/webhooks')).json().data;
  const aUnread = async (w: World) =>
    (await call(w.a.admin.token, 'GET', '/api/notifications')).json().unread;
  const aEventIds = async (w: World) =>
    (
      await getT().database.db.execute<{ id: number }>(
        sql`select id::int as id from events where company_id = ${w.a.companyId}`,
      )
    ).rows.map((r) => Number(r.id));

  return {
    'GET /api/notifications': async (w) => {
      expect((await aEventIds(w)).length).toBeGreaterThan(0);
      const list = (await call(w.b.admin.token, 'GET', '/api/notifications?limit=50')).json();
      const text = JSON.stringify(list);
      expect(text).not.toContain(`audit=${w.aAuditId}"`);
      const ids = new Set(await aEventIds(w));
      for (const n of list.data) expect(ids.has(n.id)).toBe(false);
    },
    'POST /api/notifications/read': async (w) => {
      const before = await aUnread(w);
      expect(before).toBeGreaterThan(0);
      await call(w.b.admin.token, 'POST', '/api/notifications/read', { ids: await aEventIds(w) });
      await call(w.b.admin.token, 'POST', '/api/notifications/read', {});
      expect(await aUnread(w)).toBe(before);
      const reads = await getT().database.db.execute(
        sql`select 1 from notification_reads r join events e on e.company_id = r.company_id and e.id = r.event_id
            where r.user_id = ${w.b.admin.userId} and e.company_id = ${w.a.companyId}`,
      );
      expect(reads.rows).toHaveLength(0);
    },
    'GET /api/webhooks': async (w) => {
      await ensureWebhook(w);
      const list = (await call(w.b.admin.token, 'GET', '/api/webhooks')).json();
      expect(JSON.stringify(list)).not.toContain('a.example');
    },
    'POST /api/webhooks': async (w) => {
      // B's own endpoint is B's: A's list does not change (a private URL is refused before anything is written).
      await ensureWebhook(w);
      const before = await aWebhook(w);
      await call(w.b.admin.token, 'POST', '/api/webhooks', {
        url: 'http://127.0.0.1/x',
        events: ['audit.completed'],
      });
      expect(await aWebhook(w)).toEqual(before);
    },
    'PUT /api/webhooks/:id': async (w) => {
      const id = await ensureWebhook(w);
      notFound(await call(w.b.admin.token, 'PUT', `/api/webhooks/${id}`, { enabled: false }));
      expect((await aWebhook(w))[0]).toMatchObject({ id, enabled: true });
    },
    'DELETE /api/webhooks/:id': async (w) => {
      const id = await ensureWebhook(w);
      notFound(await call(w.b.admin.token, 'DELETE', `/api/webhooks/${id}`));
      expect(await aWebhook(w)).toHaveLength(1);
    },
    'POST /api/webhooks/:id/test': async (w) => {
      const id = await ensureWebhook(w);
      notFound(await call(w.b.admin.token, 'POST', `/api/webhooks/${id}/test`));
      const n = await getT().database.db.execute(
        sql`select 1 from webhook_messages where endpoint_id = ${id}`,
      );
      expect(n.rows).toHaveLength(1);
    },
    'GET /api/webhooks/:id/deliveries': async (w) => {
      const id = await ensureWebhook(w);
      const res = await call(w.b.admin.token, 'GET', `/api/webhooks/${id}/deliveries`);
      notFound(res);
      expect(res.body).not.toContain('A secret');
    },
  };
}
