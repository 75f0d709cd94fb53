import type { Db } from '../db/client.ts';
import type { JobKind, RetentionDays } from './define-job.ts';
import { JOB_KINDS } from './kinds.ts';
import { deleteOldBatch } from './retention.repo.ts';

export type { RetentionDays } from './define-job.ts';

export const RETENTION_DEFAULTS: RetentionDays = { jobsDays: 30, webhookLogDays: 30 };

/** Rows one statement deletes: small enough that each transaction is short. */
export const RETENTION_BATCH = 5000;

/** Batches one kind's clean-up deletes in a run before it lets the sweep go on (and comes back at once). */
const BATCHES_PER_RUN = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

type AnyKind = JobKind<never>;

/** A kind's period in days from its settings (the longest of them), or null: kept for good (0 in any of them). */
export function retentionDays(kind: AnyKind, days: RetentionDays): number | null {
  const each = kind.retention.map((s) => (s === 'JOBS_RETENTION_DAYS' ? days.jobsDays : days.webhookLogDays));
  return each.some((d) => d <= 0) ? null : Math.max(...each);
}

/** The kinds with a period, those kept while another's records are pending last (their pending ones go first). */
export function kindsToClean(days: RetentionDays, kinds: readonly AnyKind[] = JOB_KINDS): AnyKind[] {
  return kinds
    .filter((k) => retentionDays(k, days) !== null)
    .sort((a, b) => Number(!!a.record.keptWhilePending) - Number(!!b.record.keptWhilePending));
}

/**
 * One kind's clean-up: batches of at most `batch` finished records older than its period, each in its own short
 * transaction, until a batch comes back short or `maxBatches` went. Returns how many rows went, and whether some
 * may be left.
 */
export async function deleteExpiredOf(
  db: Db,
  kind: AnyKind,
  days: RetentionDays,
  opts: { now?: Date; batch?: number; maxBatches?: number } = {},
): Promise<{ deleted: number; hasMore: boolean }> {
  const period = retentionDays(kind, days);
  if (period === null) return { deleted: 0, hasMore: false };
  const batch = opts.batch ?? RETENTION_BATCH;
  const cutoff = new Date((opts.now ?? new Date()).getTime() - period * DAY_MS);
  let deleted = 0;
  for (let i = 0; i < (opts.maxBatches ?? BATCHES_PER_RUN); i++) {
    const n = await db.transaction((tx) => deleteOldBatch(tx, kind, cutoff, batch));
    deleted += n;
    if (n < batch) return { deleted, hasMore: false };
  }
  return { deleted, hasMore: true };
}

/** A whole clean-up pass, every kind to the end: how many rows went, by table (tests, benchmarks). */
export async function deleteExpired(
  db: Db,
  days: RetentionDays,
  now = new Date(),
  batch = RETENTION_BATCH,
): Promise<Partial<Record<string, number>>> {
  const deleted: Partial<Record<string, number>> = {};
  for (const kind of kindsToClean(days)) {
    let total = 0;
    for (;;) {
      const run = await deleteExpiredOf(db, kind, days, { now, batch });
      total += run.deleted;
      if (!run.hasMore) break;
    }
    deleted[kind.record.table] = total;
  }
  return deleted;
}
