import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { call, type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { startTestSmtp, type TestSmtp } from '../test/smtp.ts';

const started: ServerProcess[] = [];
let smtp: TestSmtp | null = null;
afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await smtp?.close();
});

const INVITES = 15;

/**
 * A real server process is killed (SIGKILL: no shutdown, no chance to mark anything) while it sends invitations to
 * a real SMTP server, then started again on the same data folder: every invitation arrives, each once after
 * dropping repeats by Message-ID (the same on every attempt of a job), and no job is left claimed.
 */
it('sends every queued e-mail once after the server is killed mid-send and started again', async () => {
  // Each message is accepted only after 300 ms, so the kill lands while the server is sending.
  smtp = await startTestSmtp({ answerAfterMs: 300 });
  const dataDir = mkdtempSync(join(tmpdir(), 'quantics-crash-'));
  // A 1 s send time-out: a claim of 10 sends is leased for 40 s, which is how long the killed claim waits.
  const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_SEND_TIMEOUT_MS: '1000', ALERTS_POLL_MS: '100' };
  const first = await startServerProcess(env);
  started.push(first);
  const reg = await call(first, 'POST', '/api/auth/register', {
    body: { email: 'owner@crash.test', password: 'correct-horse', company: 'Crash Co' },
  });
  expect(reg.status).toBe(201);
  const token = String(reg.body.token);
  const invited = Array.from({ length: INVITES }, (_, i) => `person${i}@crash.test`);
  for (const [i, email] of invited.entries()) {
    const body = { email, name: `Person ${i}`, role: 'member' };
    const res = await call(first, 'POST', '/api/team/invite', { token, body });
    expect(res.status).toBe(201);
  }
  await smtp.waitFor(() => true, 30_000);
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  const sentBeforeKill = smtp.received.length;
  expect(sentBeforeKill).toBeLessThan(INVITES);

  const second = await startServerProcess(env);
  started.push(second);
  for (const email of invited) await smtp.waitFor((m) => m.to.includes(email), 180_000);
  await second.stop();

  const byId = new Map<string, string>();
  for (const m of smtp.received) byId.set(m.headers['message-id'] ?? '', m.to);
  expect([...byId.values()].sort()).toEqual([...invited].sort());
  const db = await openDatabase({ dataDir });
  try {
    const left = await db.db.execute<{ n: number }>(
      sql`select count(*)::int as n from account_mail_jobs where sent_at is null or locked_until is not null`,
    );
    expect(left.rows[0]?.n).toBe(0);
  } finally {
    await db.close();
  }
}, 420_000);
