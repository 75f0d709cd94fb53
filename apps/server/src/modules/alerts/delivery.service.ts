import { Webhook } from 'standardwebhooks';
import { JOB_KINDS, leaseSeconds, retryDelay } from '../../jobs/kinds.ts';
import { queueAlertMail } from '../../jobs/mail-jobs.repo.ts';
import { type ClaimedJob, claimJobs, finishJob } from '../../jobs/queue.repo.ts';
import type { Mailer } from '../mail/mailer.ts';
import { withUnsubscribe } from './alert-mail.ts';
import * as repo from './delivery.repo.ts';
import type { AlertDeps } from './dispatch.service.ts';
import { postWebhook } from './webhook-sender.ts';

export type DeliveryDeps = AlertDeps & {
  mailer: Mailer;
  /** Waits between attempts (ms), Standard Webhooks' schedule by default: about a day in all. */
  retryDelaysMs: readonly number[];
  allowPrivate: boolean;
  timeoutMs: number;
};

/**
 * Delivers the due webhook messages this instance claimed, side by side; each attempt is logged with its answer.
 * Returns how many were attempted.
 */
export async function deliverDue(
  deps: DeliveryDeps,
  limit = JOB_KINDS['webhook-delivery'].batch,
): Promise<number> {
  const claimed = await claimJobs<Omit<repo.ClaimedMessage, 'id' | 'company_id'>>(
    deps.db,
    'webhook-delivery',
    limit,
    leaseSeconds('webhook-delivery', deps.timeoutMs),
  );
  await Promise.all(
    claimed.map((job) =>
      attempt(deps, job, {
        ...job,
        company_id: Number(job.company_id),
        created_at: new Date(job.created_at),
      }),
    ),
  );
  return claimed.length;
}

async function attempt(deps: DeliveryDeps, job: ClaimedJob, m: repo.ClaimedMessage): Promise<void> {
  const payload = JOB_KINDS['webhook-delivery'].payload.safeParse(job.payload);
  let outcome: repo.AttemptOutcome;
  try {
    // A payload that is not a message (it never should be) is not sent, and given up below.
    if (!payload.success) throw new Error('not a webhook message');
    const { msg_id, body } = payload.data;
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
  deps.metrics?.jobAttempts.inc({ kind: 'webhook', result });
  await deps.db.transaction(async (tx) => {
    await repo.insertAttempt(tx, m, outcome);
    if (outcome.isSuccess) {
      await finishJob(tx, 'webhook-delivery', job, { result: 'done' });
      await repo.endpointSucceeded(tx, m);
      return;
    }
    const retryInMs = payload.success
      ? retryDelay('webhook-delivery', job.attempts, deps.retryDelaysMs)
      : null;
    if (retryInMs !== null) {
      await finishJob(tx, 'webhook-delivery', job, { result: 'retry', retryInMs });
      await repo.endpointFailing(tx, m);
      return;
    }
    await finishJob(tx, 'webhook-delivery', job, { result: 'failed' });
    if (await repo.switchOffIfFailing(tx, m)) await tellAdminsSwitchedOff(tx, deps, m);
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
