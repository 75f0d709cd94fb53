import { EVENT_TYPES, WEBHOOK_EVENT_DATA } from '@quantics/contracts';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { alertMail } from '../../jobs/mail.job.ts';
import type { AlertDeps } from './alert-deps.ts';
import { dispatchEvents } from './dispatch.service.ts';
import { webhookDelivery } from './webhook-delivery.job.ts';

/**
 * Events handed on to webhook messages and mail jobs: database work only, so its jobs are fetched and completed in
 * the dispatching transaction (a crash rolls them back) rather than held under a lease. Every event written is a
 * job (a trigger on events, migration 0034). The payload is the event's type and its data, which must be that
 * type's (WEBHOOK_EVENT_DATA): dispatch checks each event it takes before telling anyone of it. An event is kept
 * while one of its webhook messages is pending (deleting it would delete them).
 */
export const eventDispatch = defineJob<AlertDeps>({
  name: 'event-dispatch',
  record: {
    table: 'events',
    isCompanyKeyed: true,
    dueAt: 'created_at',
    finished: { doneAt: 'dispatched_at' },
    keptWhilePending: { kind: webhookDelivery, by: 'event_id' },
    hasAttempts: false,
  },
  payload: z
    .object({ type: z.enum(EVENT_TYPES), data: z.record(z.string(), z.unknown()) })
    .refine((e) => WEBHOOK_EVENT_DATA[e.type].safeParse(e.data).success, {
      message: "The event's data is not its type's",
    }),
  batch: 200,
  isParallel: false,
  retryDelaysMs: [],
  // Deleting an event deletes its webhook messages and read marks: it waits for the longer of the two periods.
  retention: ['JOBS_RETENTION_DAYS', 'WEBHOOK_LOG_RETENTION_DAYS'],
  // Database work in the transaction that fetched its jobs: a crash rolls them back, so the lease is the margin.
  attemptTimeoutMs: () => 0,
  every: (o) => o.pollMs,
  handler: dispatchEvents,
  // The messages and e-mails it queued are sent at once by this instance, not a poll later.
  wakes: [webhookDelivery.name, alertMail.name],
});
