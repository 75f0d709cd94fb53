import { Webhook } from 'standardwebhooks';
import { JOB_KINDS, leaseSeconds } from '../../jobs/kinds.ts';
import type { Mailer } from '../mail/mailer.ts';
import { withUnsubscribe } from './alert-mail.ts';
import * as repo from './delivery.repo.ts';
import { insertMailJobs } from './dispatch.repo.ts';
import type { AlertDeps } from './dispatch.service.ts';
import { postWebhook } from './webhook-sender.ts';

export type DeliveryDeps = AlertDeps & {
  mailer: Mailer;
  /** Waits between attempts (ms), Standard Webhooks' schedule by default: about a day in all. */
  retryDelaysMs: number[];
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
  const claimed = await repo.claimMessages(deps.db, limit, leaseSeconds('webhook-delivery', deps.timeoutMs));
  await Promise.all(claimed.map((m) => attempt(deps, m)));
  return claimed.length;
}

async function attempt(deps: DeliveryDeps, m: repo.ClaimedMessage): Promise<void> {
  const headers: Record<string, string> = { 'webhook-id': m.msg_id };
  let outcome: repo.AttemptOutcome;
  try {
    const at = new Date();
    headers['webhook-timestamp'] = String(Math.floor(at.getTime() / 1000));
    headers['webhook-signature'] = new Webhook(deps.box.open(m.secret_enc)).sign(m.msg_id, at, m.body);
    const r = await postWebhook(m.url, headers, m.body, deps);
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
      await repo.markDelivered(tx, m);
      return;
    }
    const delay = deps.retryDelaysMs[m.attempts - 1];
    if (delay !== undefined) {
      await repo.scheduleRetry(tx, m, delay);
      return;
    }
    if (await repo.giveUp(tx, m)) await tellAdminsSwitchedOff(tx, deps, m);
  });
}

/** The company's admins hear, by mail job in the same transaction, that an endpoint was switched off. */
async function tellAdminsSwitchedOff(tx: AlertDeps['db'], deps: DeliveryDeps, m: repo.ClaimedMessage) {
  const admins = await repo.companyAdmins(tx, m.company_id);
  await insertMailJobs(
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
