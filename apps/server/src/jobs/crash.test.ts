import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { call, importOneProduct, type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver.ts';

const started: ServerProcess[] = [];
let smtp: TestSmtp | null = null;
let hook: WebhookReceiver | null = null;
afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await smtp?.close();
  await hook?.close();
});

const INVITES = 15;
/** Product imports, each an `inventory.import_completed` event handed on to the endpoint as a webhook message. */
const IMPORTS = 6;
/** Test events of the endpoint, each queued as a webhook message directly. */
const PINGS = 6;

const METRICS_TOKEN = 'crash-test-metrics-token-of-enough-length';

/** Waits until the server's metrics show no e-mail, webhook or event waiting, three times 2 s apart (a retry's wait). */
async function queuesEmpty(server: ServerProcess) {
  const deadline = Date.now() + 120_000;
  let quiet = 0;
  while (quiet < 3) {
    if (Date.now() > deadline) throw new Error('the queues did not empty');
    const res = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await res.text();
    const waiting = [...text.matchAll(/^quantics_jobs_waiting\{kind="([^"]+)"\} (\d+)/gm)];
    // The gauges are read from the database during a scrape and shown by the next one: none on the first.
    quiet = waiting.length > 0 && waiting.every((m) => m[2] === '0') ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** Imports a one-product CSV file through the real upload route, as the inventory screen does. */
async function importProducts(server: ServerProcess, token: string, n: number) {
  expect(await importOneProduct(server, token, n, { sku: 'CRASH', file: 'crash' })).toBe(200);
}

/**
 * A real server process is killed (SIGKILL: no shutdown, no chance to mark anything) while it sends invitations to
 * a real SMTP server and webhooks to a real, slow HTTP receiver, then started again on the same data folder: every
 * invitation and every webhook arrives, each once after dropping repeats by Message-ID or webhook-id (the same on
 * every attempt of a job), and no job is left claimed or pending.
 */
it('delivers every queued e-mail and webhook once after the server is killed mid-send and started again', async () => {
  // Each mail is accepted only after 300 ms and each webhook answered after 5 s, so the kill lands mid-send.
  smtp = await startTestSmtp({ answerAfterMs: 300 });
  hook = await startWebhookReceiver(undefined, { answerAfterMs: 5000 });
  const dataDir = mkdtempSync(join(tmpdir(), 'quantics-crash-'));
  // A 1 s send time-out: a claim of 10 sends is leased for 40 s; a webhook claim for its 10 s time-out + 30 s.
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_SEND_TIMEOUT_MS: '1000',
    ALERTS_POLL_MS: '100',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // A send that outlives its 1 s time-out on a loaded machine is tried again a second later, not in 30 s.
    MAIL_RETRY_SECONDS: '1,1,1,1',
    METRICS_TOKEN: METRICS_TOKEN,
  };
  const first = await startServerProcess(env);
  started.push(first);
  const reg = await call(first, 'POST', '/api/auth/register', {
    body: { email: 'owner@crash.test', password: 'correct-horse', company: 'Crash Co' },
  });
  expect(reg.status).toBe(201);
  const token = String(reg.body.token);
  const made = await call(first, 'POST', '/api/webhooks', {
    token,
    body: { url: hook.url, events: ['inventory.import_completed'] },
  });
  expect(made.status).toBe(201);
  hook.state.secret = String(made.body.secret);
  const webhookId = Number(made.body.id);

  const pings: string[] = [];
  for (let n = 0; n < IMPORTS; n++) await importProducts(first, token, n);
  for (let n = 0; n < PINGS; n++) {
    const res = await call(first, 'POST', `/api/webhooks/${webhookId}/test`, { token });
    expect(res.status).toBe(202);
    pings.push(String(res.body.message_id));
  }
  const invited = Array.from({ length: INVITES }, (_, i) => `person${i}@crash.test`);
  for (const [i, email] of invited.entries()) {
    const body = { email, name: `Person ${i}`, role: 'member' };
    const res = await call(first, 'POST', '/api/team/invite', { token, body });
    expect(res.status).toBe(201);
  }
  // Killed once mail has started going and webhooks are in the receiver's hands, before their answers.
  await smtp.waitFor(() => true, 30_000);
  await hook.waitUntil(() => (hook as WebhookReceiver).received.length > 0, 30_000);
  const inFlight = hook.received.length - hook.accepted.length;
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  expect(smtp.received.length).toBeLessThan(INVITES);
  // Nothing was answered before the kill: the sender recorded no delivery, so each is delivered again.
  expect(hook.accepted.length).toBeLessThan(IMPORTS + PINGS);
  expect(inFlight).toBeGreaterThan(0);

  const second = await startServerProcess(env);
  started.push(second);
  for (const email of invited) await smtp.waitFor((m) => m.to.includes(email), 180_000);
  const webhookIds = () => new Set((hook as WebhookReceiver).accepted.map((r) => r.id));
  await hook.waitUntil(() => webhookIds().size >= IMPORTS + PINGS, 180_000);
  // A job whose attempt reached its receiver but outlived its time-out is tried again: wait for the queues to empty.
  await queuesEmpty(second);
  await second.stop();

  const byId = new Map<string, string>();
  for (const m of smtp.received) byId.set(m.headers['message-id'] ?? '', m.to);
  expect([...byId.values()].sort()).toEqual([...invited].sort());
  // After dropping repeats by webhook-id: each import's event once, each test event once, nothing else.
  const byHookId = new Map(hook.accepted.map((r) => [r.id, r]));
  const events = [...byHookId.values()].filter((r) => r.type === 'inventory.import_completed');
  expect(events.map((r) => (r.body.data as { file_name: string }).file_name).sort()).toEqual(
    Array.from({ length: IMPORTS }, (_, n) => `crash-${n}.csv`).sort(),
  );
  expect([...byHookId.keys()].filter((id) => pings.includes(id)).sort()).toEqual([...pings].sort());
  expect(byHookId.size).toBe(IMPORTS + PINGS);
  const db = await openDatabase({ dataDir });
  try {
    // Every record done, and no pg-boss job of any queue left created, due again or active (leased).
    const left = await db.db.execute<{ mail: number; hooks: number; events: number; jobs: number }>(sql`
      select
        (select count(*)::int from account_mail_jobs where sent_at is null) as mail,
        (select count(*)::int from webhook_messages where status <> 'delivered' or held_at is not null) as hooks,
        (select count(*)::int from events where dispatched_at is null) as events,
        (select count(*)::int from pgboss.job where state < 'completed') as jobs`);
    expect(left.rows[0]).toEqual({ mail: 0, hooks: 0, events: 0, jobs: 0 });
  } finally {
    await db.close();
  }
}, 420_000);
