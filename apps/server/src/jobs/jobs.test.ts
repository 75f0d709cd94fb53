import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { webhookDelivery } from '../modules/alerts/webhook-delivery.job.ts';
import { postWebhook } from '../modules/alerts/webhook-sender.ts';
import { Mailer } from '../modules/mail/mailer.ts';
import { registerUser, uniqueEmail } from '../test/factories.ts';
import { migratedOverData } from '../test/migrations.ts';
import { startTestSmtp } from '../test/smtp.ts';
import { createTestApp, type TestApp, testConfig } from '../test/test-app.ts';
import { LAPSED_LEASE_RETRIES } from './boss.ts';
import { leaseSeconds } from './define-job.ts';
import { accountMail, alertMail } from './mail.job.ts';
import { queueAccountMail } from './mail-jobs.repo.ts';
import { deleteExpired } from './retention.ts';

let t: TestApp;
const extra: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const app of extra.splice(0)) await app.close();
});
afterAll(async () => {
  await t.close();
});

/** Another app (an instance, or the same server started again) on the test's database. */
async function instance(overrides: Partial<AppConfig>): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides), { database: t.database, logger: false });
  await app.ready();
  extra.push(app);
  return app;
}

const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  (await t.database.db.execute<T>(q)).rows;
const jobsTo = (email: string) =>
  rows<{ sent_at: string | null; attempts: number }>(
    sql`select sent_at, attempts from account_mail_jobs where to_email = ${email} order by id`,
  );
const forgot = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const sendingAccountMail = { isWorkerOn: true, tasks: ['account-mail'] as const, pollMs: 50 };

describe('account e-mail as durable jobs', () => {
  it('is queued with what causes it: a rollback queues nothing, a commit queues it once', async () => {
    const to = uniqueEmail('rollback');
    const message = { to, subject: 'Hello', text: 'hi', html: '<p>hi</p>' };
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueAccountMail(tx, [message]);
        throw new Error('the request failed after queueing');
      }),
    ).rejects.toThrow('the request failed');
    expect(await jobsTo(to)).toEqual([]);
    await t.database.db.transaction((tx) => queueAccountMail(tx, [message]));
    expect(await jobsTo(to)).toHaveLength(1);
  });

  it('sends a reset asked for before a restart, by the server started again on the same data', async () => {
    const smtp = await startTestSmtp();
    try {
      // The first server queues the mail and stops before sending it (its background work is off).
      const first = await instance({ smtpUrl: smtp.url, jobs: { isWorkerOn: false } });
      const { user } = await registerUser(first);
      expect((await forgot(first, user.email)).statusCode).toBe(200);
      await first.close();
      expect(smtp.received.some((m) => m.to.includes(user.email))).toBe(false);
      const [queued] = await jobsTo(user.email);
      expect(queued?.sent_at).toBeNull();
      await instance({ smtpUrl: smtp.url, jobs: sendingAccountMail });
      const mail = await smtp.waitFor((m) => m.to.includes(user.email));
      expect(mail.subject).toMatch(/reset/i);
      await expect.poll(async () => (await jobsTo(user.email))[0]?.sent_at).not.toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it('delivers a reset asked for while the SMTP server is down once it is back', async () => {
    const down = await startTestSmtp();
    const port = down.port;
    await down.close();
    const app = await instance({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      jobs: { ...sendingAccountMail, mailRetryDelaysMs: [200, 200, 200, 200, 200, 200, 200, 200] },
    });
    const { user } = await registerUser(app);
    expect((await forgot(app, user.email)).statusCode).toBe(200);
    // Tried and failed while nothing listens.
    await expect
      .poll(async () => (await jobsTo(user.email))[0]?.attempts ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const back = await startTestSmtp({ port });
    try {
      const mail = await back.waitFor((m) => m.to.includes(user.email), 20_000);
      expect(mail.subject).toMatch(/reset/i);
      expect(back.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    } finally {
      await back.close();
    }
  });

  it('is sent once by two instances sharing a slow SMTP server', async () => {
    const slow = await startTestSmtp({ answerAfterMs: 400 });
    try {
      const to = Array.from({ length: 6 }, () => uniqueEmail('slow'));
      await t.database.db.transaction((tx) =>
        queueAccountMail(
          tx,
          to.map((email) => ({ to: email, subject: 'Slow', text: 'slow', html: '<p>slow</p>' })),
        ),
      );
      const config = { smtpUrl: slow.url, mailSendTimeoutMs: 5000, jobs: sendingAccountMail };
      await Promise.all([instance(config), instance(config)]);
      for (const email of to) await slow.waitFor((m) => m.to.includes(email), 20_000);
      for (const email of to) expect(slow.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});

describe('account e-mail on pg-boss', () => {
  it('leases each job for the worst case of a fetch, set on its queue from the kind at start', async () => {
    // An instance with a 2 s send time-out: ten sends one after another, plus the margin.
    const app = await instance({ mailSendTimeoutMs: 2000, jobs: { isWorkerOn: false } });
    const [queue] = await rows<{ expire_seconds: number; retry_limit: number }>(
      sql`select expire_seconds, retry_limit from pgboss.queue where name = 'account-mail'`,
    );
    expect(queue).toEqual({
      expire_seconds: leaseSeconds(accountMail, 2000),
      retry_limit: LAPSED_LEASE_RETRIES,
    });
    const to = uniqueEmail('lease');
    await t.database.db.transaction((tx) =>
      queueAccountMail(tx, [{ to, subject: 'Lease', text: 'l', html: '<p>l</p>' }]),
    );
    const job = async () =>
      (
        await rows<{ expire: number; state: string }>(sql`
          select extract(epoch from j.expire_in)::int as expire, j.state::text as state from pgboss.job j
          join account_mail_jobs m on (j.data->>'id')::bigint = m.id
          where j.name = 'account-mail' and m.to_email = ${to}`)
      )[0];
    expect(await job()).toEqual({ expire: leaseSeconds(accountMail, 2000), state: 'created' });
    await app.jobs.drain('account-mail');
    expect((await job())?.state).toBe('completed');
    expect((await jobsTo(to))[0]).toMatchObject({ attempts: 1 });
    expect((await jobsTo(to))[0]?.sent_at).not.toBeNull();
  });

  it('sends an account e-mail queued before the upgrade to pg-boss once the upgraded server runs', async () => {
    const smtp = await startTestSmtp();
    const { database, cleanUp } = await migratedOverData('account_mail_on_pgboss', async (old) => {
      await old.db.execute(sql`insert into account_mail_jobs (to_email, message, sent_at) values
        ('queued@upgrade.test', ${JSON.stringify({ to: 'queued@upgrade.test', subject: 'Queued before', text: 'q', html: '<p>q</p>' })}::jsonb, null),
        ('sent@upgrade.test', '{}'::jsonb, now())`);
    });
    try {
      const app = await buildApp(testConfig({ smtpUrl: smtp.url, jobs: { isWorkerOn: false } }), {
        database,
        logger: false,
      });
      try {
        await app.ready();
        await app.jobs.drain('account-mail');
        expect(smtp.received.map((m) => m.to)).toEqual(['queued@upgrade.test']);
        const left = await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from account_mail_jobs where sent_at is null`,
        );
        expect(left.rows[0]?.n).toBe(0);
      } finally {
        await app.close();
      }
    } finally {
      await cleanUp();
      await smtp.close();
    }
    // Two databases migrated from nothing (before and after the upgrade): on PGlite, seconds each.
  }, 180_000);
});

describe('whole-attempt time-outs', () => {
  it('gives up on an SMTP server that drips its greeting, and closes the connection', async () => {
    const sockets: Socket[] = [];
    let closed = 0;
    const dripping = createServer((socket) => {
      sockets.push(socket);
      socket.on('close', () => closed++);
      socket.on('error', () => {});
      // A greeting one byte every 100 ms: never idle long enough for a socket time-out.
      const greeting = '220 drip.test ESMTP '.repeat(100);
      let i = 0;
      const timer = setInterval(() => socket.write(greeting[i++ % greeting.length] ?? ' '), 100);
      socket.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => dripping.listen(0, '127.0.0.1', resolve));
    const { port } = dripping.address() as AddressInfo;
    try {
      const mailer = new Mailer(
        {
          smtpUrl: `smtp://127.0.0.1:${port}`,
          from: 'q@quantics.test',
          dataDir: '/nonexistent',
          sendTimeoutMs: 1000,
        },
        pino({ level: 'silent' }),
      );
      const sent = await mailer.deliver({ to: 'a@b.test', subject: 's', text: 't', html: '<p>t</p>' });
      expect(sent).toBe(false);
      expect(sockets).toHaveLength(1);
      await expect.poll(() => closed, { timeout: 5000 }).toBe(1);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => dripping.close(() => resolve()));
    }
  });

  it('cuts off a webhook endpoint that drips its answer, recording one timed-out outcome', async () => {
    const dripping = createHttpServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('.'), 100);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => dripping.listen(0, '127.0.0.1', resolve));
    const { port } = dripping.address() as AddressInfo;
    try {
      const result = await postWebhook(`http://127.0.0.1:${port}/hook`, {}, '{}', {
        allowPrivate: true,
        timeoutMs: 1000,
      });
      expect(result.responseCode).toBeNull();
      expect(result.error).toBe('no complete answer within 1000 ms');
    } finally {
      dripping.closeAllConnections();
      await new Promise<void>((resolve) => dripping.close(() => resolve()));
    }
  });

  it('derives each lease from the worst case of the attempts a claim holds', () => {
    // Mail: ten sends one after another, each at most the send time-out.
    expect(leaseSeconds(alertMail, 30_000)).toBe(alertMail.batch * 30 + 30);
    // Webhooks: fifty attempts side by side, each at most the attempt time-out.
    expect(leaseSeconds(webhookDelivery, 10_000)).toBe(40);
  });
});

describe('retention', () => {
  it('deletes finished work older than its period, keeping newer rows and work not finished', async () => {
    const { user } = await registerUser(t.app);
    const [company] = await rows<{ id: number }>(
      sql`select company_id as id from memberships where user_id = ${user.id}`,
    );
    const cid = company?.id as number;
    const old = sql`now() - interval '40 days'`;
    const recent = sql`now() - interval '2 days'`;
    await t.database.db.execute(sql`insert into mail_jobs (company_id, to_email, message, sent_at, failed_at) values
      (${cid}, 'old-sent@r.test', '{}', ${old}, null), (${cid}, 'old-failed@r.test', '{}', null, ${old}),
      (${cid}, 'new-sent@r.test', '{}', ${recent}, null), (${cid}, 'pending@r.test', '{}', null, null)`);
    await t.database.db.execute(sql`insert into account_mail_jobs (to_email, message, sent_at, created_at) values
      ('old-sent@r.test', '{}', ${old}, ${old}), ('new-sent@r.test', '{}', ${recent}, ${recent}),
      ('pending@r.test', '{}', null, ${old})`);
    const events = await rows<{ id: number; label: string }>(sql`
      insert into events (company_id, type, payload, created_at, dispatched_at) values
        (${cid}, 'audit.completed', '{"label":"old"}', ${old}, ${old}),
        (${cid}, 'audit.completed', '{"label":"old-pending-hook"}', ${old}, ${old}),
        (${cid}, 'audit.completed', '{"label":"new"}', ${recent}, ${recent}),
        (${cid}, 'audit.completed', '{"label":"undispatched"}', ${old}, null)
      returning id::int, payload->>'label' as label`);
    const eventId = (label: string) => events.find((e) => e.label === label)?.id as number;
    const [endpoint] = await rows<{ id: number }>(sql`
      insert into webhook_endpoints (company_id, url, events, secret_enc)
      values (${cid}, 'https://r.test/hook', array['audit.completed'], 'x') returning id`);
    const msg = (label: string, status: string, at: ReturnType<typeof sql>) => sql`
      (${cid}, ${endpoint?.id}, ${eventId(label)}, ${`msg_${label}_${status}`}, 'audit.completed', '{}', ${status}, ${at})`;
    await t.database.db.execute(sql`
      insert into webhook_messages (company_id, endpoint_id, event_id, msg_id, type, body, status, created_at) values
      ${msg('old', 'delivered', old)}, ${msg('old-pending-hook', 'pending', old)}, ${msg('new', 'delivered', recent)}`);
    await t.database.db.execute(sql`
      insert into webhook_attempts (company_id, message_id, endpoint_id, is_success, duration_ms)
      select company_id, id, endpoint_id, true, 5 from webhook_messages where company_id = ${cid}`);

    const deleted = await deleteExpired(t.database.db, { jobsDays: 30, webhookLogDays: 30 }, new Date(), 1);
    expect(deleted.mail_jobs).toBeGreaterThanOrEqual(2);

    const left = async (q: ReturnType<typeof sql>) => (await rows<{ v: string }>(q)).map((r) => r.v).sort();
    expect(await left(sql`select to_email as v from mail_jobs where company_id = ${cid}`)).toEqual([
      'new-sent@r.test',
      'pending@r.test',
    ]);
    expect(
      await left(sql`select to_email as v from account_mail_jobs where to_email like '%@r.test'`),
    ).toEqual(['new-sent@r.test', 'pending@r.test']);
    expect(await left(sql`select payload->>'label' as v from events where company_id = ${cid}`)).toEqual([
      'new',
      'old-pending-hook',
      'undispatched',
    ]);
    expect(await left(sql`select msg_id as v from webhook_messages where company_id = ${cid}`)).toEqual([
      'msg_new_delivered',
      'msg_old-pending-hook_pending',
    ]);
    expect(
      await left(sql`select m.msg_id as v from webhook_attempts a
        join webhook_messages m on m.company_id = a.company_id and m.id = a.message_id where a.company_id = ${cid}`),
    ).toEqual(['msg_new_delivered', 'msg_old-pending-hook_pending']);
    // The made-up events carry no real data: they go, so the file's event contract check looks at real ones only.
    await t.database.db.execute(sql`delete from events where company_id = ${cid}`);
  });

  it('keeps everything when the periods are 0', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from mail_jobs`);
    expect(await deleteExpired(t.database.db, { jobsDays: 0, webhookLogDays: 0 })).toEqual({});
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from mail_jobs`)).toEqual(before);
  });
});
