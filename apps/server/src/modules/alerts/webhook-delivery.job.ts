import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { type DeliveryDeps, deliverDue } from './delivery.service.ts';

/** Standard Webhooks' suggested schedule after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const WEBHOOK_RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000].map((s) => s * 1000);

/**
 * One signed POST of an event to one endpoint; each attempt is a row of webhook_attempts (the delivery log). A job
 * whose endpoint is switched off is completed and its message held until the endpoint is switched on again.
 */
export const webhookDelivery = defineJob<DeliveryDeps>({
  name: 'webhook-delivery',
  record: {
    table: 'webhook_messages',
    isCompanyKeyed: true,
    dueAt: 'next_attempt_at',
    finished: {
      status: 'status',
      pending: 'pending',
      done: 'delivered',
      failed: 'failed',
      since: 'created_at',
    },
    heldAt: 'held_at',
    hasAttempts: true,
  },
  payload: z.object({ msg_id: z.string().regex(/^msg_/), body: z.string().min(2) }),
  // Sent side by side: a claim's lease is one attempt's time-out.
  batch: 50,
  isParallel: true,
  retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
  retention: ['WEBHOOK_LOG_RETENTION_DAYS'],
  attemptTimeoutMs: (d) => d.timeoutMs,
  every: (o) => o.pollMs,
  handler: deliverDue,
});
