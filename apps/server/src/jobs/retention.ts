import type { Db } from '../db/client.ts';
import { deleteOldBatch, type RetentionTarget } from './retention.repo.ts';

/** Days finished work is kept (JOBS_RETENTION_DAYS, WEBHOOK_LOG_RETENTION_DAYS); 0 keeps it for good. */
export type RetentionDays = { jobsDays: number; webhookLogDays: number };

export const RETENTION_DEFAULTS: RetentionDays = { jobsDays: 30, webhookLogDays: 30 };

/** Rows one statement deletes: small enough that each transaction is short. */
export const RETENTION_BATCH = 5000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each target's period in days (null: kept), from the settings. */
export function periods(days: RetentionDays): Record<RetentionTarget, number | null> {
  const keep = (d: number) => (d > 0 ? d : null);
  return {
    mail_jobs: keep(days.jobsDays),
    account_mail_jobs: keep(days.jobsDays),
    webhook_messages: keep(days.webhookLogDays),
    // Deleting an event deletes its webhook messages and read marks: it waits for the longer of the two periods.
    events:
      days.jobsDays > 0 && days.webhookLogDays > 0 ? Math.max(days.jobsDays, days.webhookLogDays) : null,
  };
}

/**
 * One pass of the clean-up: for each target, batches of at most `batch` rows, each in its own short transaction,
 * until a batch comes back short. Returns how many rows went, by target. Another instance cleaning up at the same
 * time makes this one stop (the advisory lock `retention`).
 */
export async function deleteExpired(
  db: Db,
  days: RetentionDays,
  now = new Date(),
  batch = RETENTION_BATCH,
): Promise<Partial<Record<RetentionTarget, number>>> {
  const deleted: Partial<Record<RetentionTarget, number>> = {};
  for (const [target, period] of Object.entries(periods(days)) as [RetentionTarget, number | null][]) {
    if (period === null) continue;
    const cutoff = new Date(now.getTime() - period * DAY_MS);
    let total = 0;
    for (;;) {
      const n = await db.transaction((tx) => deleteOldBatch(tx, target, cutoff, batch));
      if (n === null) return deleted;
      total += n;
      if (n < batch) break;
    }
    deleted[target] = total;
  }
  return deleted;
}
