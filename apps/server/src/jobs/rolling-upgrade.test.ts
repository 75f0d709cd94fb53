import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { checkoutOf, hasCommit } from '../test/build-before.ts';
import { call, importOneProduct, type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { startTestSmtp, type TestSmtp } from '../test/smtp.ts';
import { newPostgresDatabase } from '../test/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver.ts';

/**
 * The build before pg-boss (the last commit before 0032_account_mail_on_pgboss, which with 0033 and 0034 dropped the
 * `locked_until` its senders claim with): a rolling upgrade from it runs an instance of it beside this build.
 */
const BUILD_BEFORE = '9bc3cc8';

const serverUrl = process.env.TEST_DATABASE_URL;
const IMPORTS = 4;
const INVITES = 3;

/**
 * A rolling upgrade, for real: the build before starts on an empty PostgreSQL database, this build starts beside it
 * (migrating the database under it), both run; the old one makes events (imports, e-mailed and sent to a webhook)
 * and invitations, and hands the events on itself, writing webhook messages and e-mails without pg-boss jobs
 * (its own senders fail on the dropped column); then it stops and another instance of this build starts in its
 * place. Every webhook and every e-mail arrives exactly once. (The old build's "send a test event" fails against the
 * new schema: its insert names the dropped column. docs/upgrade-debt.md says so.)
 */
describe.runIf(serverUrl && hasCommit(BUILD_BEFORE))(
  'a rolling upgrade from the build before pg-boss',
  () => {
    let checkout: ReturnType<typeof checkoutOf>;
    let databaseUrl: string;
    let drop: () => Promise<void>;
    let smtp: TestSmtp;
    let hook: WebhookReceiver;
    let db: Database;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      checkout = checkoutOf(BUILD_BEFORE);
      ({ url: databaseUrl, drop } = await newPostgresDatabase(serverUrl as string, 'quantics_rolling'));
      smtp = await startTestSmtp();
      hook = await startWebhookReceiver();
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await db?.close();
      await drop?.();
      checkout?.remove();
      await smtp?.close();
      await hook?.close();
    });

    const env = (pollMs: number) => ({
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ALERTS_POLL_MS: String(pollMs),
      LOG_LEVEL: 'warn',
    });
    const start = async (pollMs: number, root?: string) => {
      const server = await startServerProcess(env(pollMs), root ? { root } : {});
      servers.push(server);
      return server;
    };
    const count = async (q: ReturnType<typeof sql>) =>
      Number((await db.db.execute<{ n: number }>(q)).rows[0]?.n ?? 0);

    it('delivers every webhook and e-mail the old instance queued, each once, after it stops', async () => {
      const old = await start(100, checkout.root);
      const reg = await call(old, 'POST', '/api/auth/register', {
        body: { email: 'owner@rolling.test', password: 'correct-horse', company: 'Rolling Co' },
      });
      expect(reg.status, JSON.stringify(reg.body)).toBe(201);
      const token = String(reg.body.token);
      const made = await call(old, 'POST', '/api/webhooks', {
        token,
        body: { url: hook.url, events: ['inventory.import_completed'] },
      });
      expect(made.status).toBe(201);
      hook.state.secret = String(made.body.secret);
      const settings = await call(old, 'PUT', '/api/settings/notifications', {
        token,
        body: {
          email_events: ['inventory.import_completed'],
          accuracy_below: null,
          digest_hour: null,
          time_zone: 'UTC',
        },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);

      // This build starts beside it: it migrates the database under the running old one. It looks at its queues
      // once a minute only, so the old instance hands its events on itself (as the one that makes them, it is first).
      const beside = await start(60_000);
      db = await openDatabase({ url: databaseUrl });
      expect((await call(old, 'GET', '/api/health')).status).toBe(200);

      for (let n = 0; n < IMPORTS; n++)
        expect(await importOneProduct(old, token, n, { sku: 'ROLL', file: 'rolling' })).toBe(200);
      const invited = Array.from({ length: INVITES }, (_, i) => `person${i}@rolling.test`);
      for (const [i, email] of invited.entries()) {
        const res = await call(old, 'POST', '/api/team/invite', {
          token,
          body: { email, name: `Person ${i}`, role: 'member' },
        });
        expect(res.status).toBe(201);
      }
      // The old instance handed every event on: the messages and e-mails it wrote have no pg-boss job.
      await expect
        .poll(() => count(sql`select count(*)::int as n from events where dispatched_at is null`), {
          timeout: 30_000,
        })
        .toBe(0);
      const stranded = (table: string, key: string, queue: string) =>
        count(sql`select count(*)::int as n from ${sql.identifier(table)} t where not exists (
        select 1 from pgboss.job j where j.name = ${queue} and j.state < 'completed' and j.data = ${sql.raw(key)})`);
      expect(await stranded('account_mail_jobs', `jsonb_build_object('id', t.id)`, 'account-mail')).toBe(
        INVITES,
      );
      const companyKey = `jsonb_build_object('company_id', t.company_id, 'id', t.id)`;
      expect(await stranded('webhook_messages', companyKey, 'webhook-delivery')).toBeGreaterThan(0);
      expect(await stranded('mail_jobs', companyKey, 'alert-mail')).toBeGreaterThan(0);
      // Nothing went while only the old instance could have sent it.
      expect(smtp.received.filter((m) => m.to.endsWith('@rolling.test'))).toEqual([]);
      expect(hook.accepted).toEqual([]);

      // The rolling restart goes on: the old instance stops, and this build takes its place.
      await old.stop();
      await start(100);

      const mails = [...invited, ...Array.from({ length: IMPORTS }, () => 'owner@rolling.test')];
      await expect
        .poll(() => smtp.received.filter((m) => m.to.endsWith('@rolling.test')).length, {
          timeout: 90_000,
        })
        .toBe(mails.length);
      await hook.waitUntil((got) => got.length >= IMPORTS, 90_000);
      await expect
        .poll(
          () =>
            count(sql`select
            (select count(*) from account_mail_jobs where sent_at is null) +
            (select count(*) from mail_jobs where sent_at is null) +
            (select count(*) from webhook_messages where status <> 'delivered') +
            (select count(*) from pgboss.job where state < 'completed')::int as n`),
          { timeout: 30_000 },
        )
        .toBe(0);
      // A moment more for anything sent twice to arrive.
      await new Promise((r) => setTimeout(r, 2000));
      const rolling = smtp.received.filter((m) => m.to.endsWith('@rolling.test'));
      expect(rolling.map((m) => m.to.replace(/^.*<|>$/g, '')).sort()).toEqual(mails.sort());
      expect(new Set(rolling.map((m) => m.headers['message-id'])).size).toBe(mails.length);
      const ids = hook.accepted.map((d) => d.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(
        hook.accepted
          .filter((d) => d.type === 'inventory.import_completed')
          .map((d) => (d.body.data as { file_name: string }).file_name)
          .sort(),
      ).toEqual(Array.from({ length: IMPORTS }, (_, n) => `rolling-${n}.csv`));
      expect(beside.child.exitCode).toBeNull();
    }, 360_000);
  },
);
