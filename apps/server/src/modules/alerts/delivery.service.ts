import { Webhook } from 'standardwebhooks';
import { type JobKind, retryDelay } from '../../jobs/define-job.ts';
import { queueAlertMail } from '../../jobs/mail-jobs.repo.ts';
import { completeJobs, fetchJobs, type JobOutcome, recordOutcome } from '../../jobs/queue.repo.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AlertDeps } from './alert-deps.ts';
import { withUnsubscribe } from './alert-mail.ts';
import * as repo from './delivery.repo.ts';
import { postWebhook } from './webhook-sender.ts';

export type DeliveryDeps = AlertDeps & {
  mailer: Mailer;
  /** Waits between attempts (ms), Standard Webhooks' schedule by default: about a day in all. */
  retryDelaysMs: readonly number[];
  allowPrivate: boolean;
  timeoutMs: number;
};

/**
 * Delivers the due webhook messages: this instance fetches their pg-boss jobs (SKIP LOCKED, leased for one
 * whole-attempt time-out plus a margin, since they are sent side by side) and sends them; each attempt is logged
 * with its answer. A job whose message is done or gone is completed; one whose endpoint is switched off is completed
 * and its message held until the endpoint is switched on again. `kind` is webhook-delivery (its declaration:
 * webhook-delivery.job.ts). Returns how many jobs were taken.
 */
export async function deliverDue(deps: DeliveryDeps, kind: JobKind<DeliveryDeps>): Promise<number> {
  const jobs = await fetchJobs(deps.boss, kind, kind.batch);
  if (jobs.length === 0) return 0;
  const toSend = await deps.db.transaction(async (tx) => {
    const messages = await repo.messagesOfJobs(tx, jobs);
    await repo.holdMessages(
      tx,
      [...messages.values()].filter((m) => !m.is_enabled),
    );
    // Completed without an attempt: the held ones, and those with nothing left to send.
    const idle = jobs.filter((j) => !messages.get(j.bossId)?.is_enabled).map((j) => j.bossId);
    await completeJobs(tx, deps.boss, kind, idle);
    return [...messages].filter(([, m]) => m.is_enabled);
  });
  await Promise.all(toSend.map(([bossId, m]) => attempt(deps, kind, bossId, m)));
  return jobs.length;
}

async function attempt(
  deps: DeliveryDeps,
  kind: JobKind<DeliveryDeps>,
  bossId: string,
  m: repo.ClaimedMessage,
): Promise<void> {
  const payload = kind.payload.safeParse({ msg_id: m.msg_id, body: m.body });
  let outcome: repo.AttemptOutcome;
  try {
    // A message that is not one (it never should be) is not sent, and given up below.
    if (!payload.success) throw new Error('not a webhook message');
    const { msg_id, body } = payload.data as { msg_id: string; body: string };
    const at = new Date();
    const headers: Record<string, string> = {
      'webhook-id': msg_id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(deps.box.open(m.secret_enc)).sign(msg_id, at, body),
    };
    const r = await postWebhook(m.url, headers, body, deps);
    const isSuccess = r.responseCode !== null && r.responseCode >= 200 && r.responseCode < 300;
    outcome = { isSuccess, responseCode: r.responseCode, durationMs: r.durationMs, error: r.error };
  } catch (err) {
    outcome = { isSuccess: false, responseCode: null, durationMs: 0, error: (err as Error).message };
  }
  const result = outcome.isSuccess ? 'success' : 'failure';
  deps.metrics?.webhookDeliveries.inc({ result });
  deps.metrics?.jobAttempts.inc({ kind: kind.name, result });
  const retryInMs = payload.success ? retryDelay(kind, m.attempts + 1, deps.retryDelaysMs) : null;
  const job: JobOutcome = outcome.isSuccess
    ? { result: 'done' }
    : retryInMs === null
      ? { result: 'failed' }
      : { result: 'retry', retryInMs };
  await deps.db.transaction(async (tx) => {
    await repo.insertAttempt(tx, m, outcome);
    await recordOutcome(tx, deps.boss, kind, { bossId, company_id: m.company_id, id: m.id }, job);
    if (job.result === 'done') await repo.endpointSucceeded(tx, m);
    else if (job.result === 'retry') await repo.endpointFailing(tx, m);
    else if (await repo.switchOffIfFailing(tx, m)) await tellAdminsSwitchedOff(tx, deps, m);
  });
}

/** The company's admins hear, by mail job in the same transaction, that an endpoint was switched off. */
async function tellAdminsSwitchedOff(tx: AlertDeps['db'], deps: DeliveryDeps, m: repo.ClaimedMessage) {
  const admins = await repo.companyAdmins(tx, m.company_id);
  await queueAlertMail(
    tx,
    admins.map((a) => ({
      company_id: m.company_id,
      to_email: a.email,
      message: JSON.stringify(
        withUnsubscribe(
          { ...deps, userId: a.user_id, companyId: m.company_id, to: a.email },
          {
            subject: 'A webhook was switched off',
            title: 'A webhook was switched off',
            paragraphs: [
              `Deliveries to ${m.url} have failed for a day, so Quantics stopped sending to it.`,
              'Check the endpoint, then switch it on again in Settings → Webhooks; its delivery log shows each attempt.',
            ],
            action: { label: 'Open webhook settings', url: `${deps.publicUrl}/settings?tab=webhooks` },
          },
        ),
      ),
    })),
  );
}
