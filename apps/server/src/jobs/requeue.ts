import type { Db } from '../db/client.ts';
import type { JobKind } from './define-job.ts';
import { queueJobs } from './queue.repo.ts';
import { recordsWithoutJob } from './records.repo.ts';

/** Records one run queues again per kind, in one transaction: a kind with more is worked again at once. */
export const REQUEUE_BATCH = 1000;

/**
 * Gives a job to each record of a kind that is pending (not held) but has none live: what an instance of a build
 * before pg-boss writes while it runs beside this one in a rolling upgrade (its dispatch writes webhook messages and
 * mail without jobs; migrations 0032-0034, docs/upgrade-debt.md), or a job pg-boss gave up on. Each is due when its
 * record says. In one transaction, under the requeue sweep's lock, so two instances never queue one record twice.
 * Returns how many were queued.
 */
export async function requeueRecords(db: Db, kind: JobKind<never>, limit = REQUEUE_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const stranded = await recordsWithoutJob(tx, kind, limit);
    await queueJobs(tx, kind, stranded);
    return stranded.length;
  });
}
