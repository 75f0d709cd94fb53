import type { Db } from '../db/client.ts';
import { eventDispatch } from '../modules/alerts/event-dispatch.job.ts';
import { webhookDelivery } from '../modules/alerts/webhook-delivery.job.ts';
import { accountMail, alertMail } from './mail.job.ts';
import { type QueueDepth, queueDepths } from './records.repo.ts';

/**
 * Every kind of queued background work, each declared once (defineJob in jobs/define-job.ts) beside its handler:
 * its name is its pg-boss queue, its task and its metric label. The queue, its lease, the task, the depth and
 * attempt metrics, the clean-up and the re-queueing of its records are all derived from the declaration; a new kind
 * is a declaration, its handler, and its line here.
 */
export const JOB_KINDS = [eventDispatch, webhookDelivery, alertMail, accountMail] as const;

export type JobKindName = (typeof JOB_KINDS)[number]['name'];

/** Every kind's backlog (the `quantics_jobs_*` gauges, read at scrape time). */
export const jobQueueDepths = (db: Db): Promise<QueueDepth[]> => queueDepths(db, JOB_KINDS);
