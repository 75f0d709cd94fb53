import { EVENT_TYPES, WEBHOOK_EVENT_DATA } from '@quantics/contracts';
import { z } from 'zod';

/** A mail message as a mail job keeps it (mail_jobs.message, account_mail_jobs.message). */
export const ZMailMessage = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()).optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** Standard Webhooks' suggested schedule after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const WEBHOOK_RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000].map((s) => s * 1000);

/** A mail that did not go is tried again after 30 s, 2 min, 10 min, 30 min and 1 h, then given up. */
export const MAIL_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000];

/** Added to every lease beyond the declared worst case: the database round trips around the work. */
const LEASE_MARGIN_MS = 30_000;

export type JobKind = {
  /** The table its jobs are rows of. */
  table: string;
  /** What one job carries. */
  payload: z.ZodType;
  /** How many one claim takes. */
  batch: number;
  /** Whether a claim's jobs run side by side (one worst case for the claim) or one after another (batch of them). */
  isParallel: boolean;
  /** The waits between attempts after the first; past the last, the job is given up. */
  retryDelaysMs: readonly number[];
  /** The env setting of the days a finished job is kept (jobs/retention.ts). */
  retention: 'JOBS_RETENTION_DAYS' | 'WEBHOOK_LOG_RETENTION_DAYS';
};

/**
 * Every kind of queued background work, each a pg-boss queue of the same name (jobs/boss.ts) whose jobs' data is the
 * key of a row of the kind's table, which keeps the record (what it is, its attempts, how it ended) for the screens,
 * /metrics and the retention. Each is fetched with SKIP LOCKED under a lease derived from the kind's worst case, which
 * is one whole-attempt time-out (the webhook POST's, the SMTP send's: every network call in an attempt has one), so an
 * attempt still running can never see its job taken again by another instance.
 */
export const JOB_KINDS = {
  /**
   * Events handed on to webhook messages and mail jobs: database work only, so its jobs are fetched and completed in
   * the dispatching transaction (a crash rolls them back) rather than held under a lease. Every event written is a
   * job (a trigger on events, migration 0034). The payload is the event's type and its data, which must be that
   * type's (WEBHOOK_EVENT_DATA): dispatch checks each event it takes before telling anyone of it.
   */
  'event-dispatch': {
    table: 'events',
    payload: z
      .object({ type: z.enum(EVENT_TYPES), data: z.record(z.string(), z.unknown()) })
      .refine((e) => WEBHOOK_EVENT_DATA[e.type].safeParse(e.data).success, {
        message: "The event's data is not its type's",
      }),
    batch: 200,
    isParallel: false,
    retryDelaysMs: [],
    retention: 'JOBS_RETENTION_DAYS',
  },
  /**
   * One signed POST of an event to one endpoint; each attempt is a row of webhook_attempts (the delivery log). A job
   * whose endpoint is switched off is completed and its message held until the endpoint is switched on again.
   */
  'webhook-delivery': {
    table: 'webhook_messages',
    payload: z.object({ msg_id: z.string().regex(/^msg_/), body: z.string().min(2) }),
    batch: 50,
    isParallel: true,
    retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    retention: 'WEBHOOK_LOG_RETENTION_DAYS',
  },
  /** Alert e-mails and digests (company's, with an unsubscribe link). */
  'alert-mail': {
    table: 'mail_jobs',
    payload: ZMailMessage,
    batch: 10,
    isParallel: false,
    retryDelaysMs: MAIL_RETRY_DELAYS_MS,
    retention: 'JOBS_RETENTION_DAYS',
  },
  /**
   * A person's account e-mail: reset link, invitation, new sign-in, password or e-mail changed, reminders. Its jobs'
   * data is the id alone (the table has no company).
   */
  'account-mail': {
    table: 'account_mail_jobs',
    payload: ZMailMessage,
    batch: 10,
    isParallel: false,
    retryDelaysMs: MAIL_RETRY_DELAYS_MS,
    retention: 'JOBS_RETENTION_DAYS',
  },
} as const satisfies Record<string, JobKind>;

export type JobKindName = keyof typeof JOB_KINDS;

/** Every kind, each a pg-boss queue of the same name. */
export const JOB_KIND_NAMES = Object.keys(JOB_KINDS) as JobKindName[];

/**
 * The lease of one claim, in whole seconds: the worst case of the attempts it holds (one whole-attempt time-out when
 * they run side by side, one per job when one after another) plus a margin for the database work around them.
 */
export function leaseSeconds(kind: JobKindName, attemptTimeoutMs: number): number {
  const k: JobKind = JOB_KINDS[kind];
  const worstMs = (k.isParallel ? 1 : k.batch) * attemptTimeoutMs;
  return Math.ceil((worstMs + LEASE_MARGIN_MS) / 1000);
}

/** The wait before attempt `attempts + 1`, or null when the kind gives up after `attempts`. */
export function retryDelay(kind: JobKindName, attempts: number, delaysMs?: readonly number[]): number | null {
  return (delaysMs ?? JOB_KINDS[kind].retryDelaysMs)[attempts - 1] ?? null;
}
