import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { devices, tz } from './readers.ts';

/**
 * Something that happened in a company ('audit.completed', 'device.offline', ...), written once in the same
 * transaction as the change that caused it. The bell reads events directly; e-mails and webhooks are fanned out
 * from here by the alerts worker: each event written is a job of pg-boss's `event-dispatch` queue (a trigger of
 * migration 0034 inserts it), and `dispatched_at` marks an event as handed on.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    dispatchedAt: tz('dispatched_at'),
  },
  (t) => [
    primaryKey({ name: 'events_pkey', columns: [t.companyId, t.id] }),
    index('events_undispatched_idx').on(t.id).where(sql`${t.dispatchedAt} is null`),
    // The clean-up's (jobs/retention): events handed on before its cutoff, found by an index probe, not a scan.
    index('events_dispatched_at_idx').on(t.dispatchedAt),
  ],
);

/**
 * What a person has read in the bell: everything up to `read_up_to` (mark all read), plus single events above it
 * in `notification_reads`. A person with no row has read nothing from before they joined (see the repo).
 */
export const notificationCursors = pgTable(
  'notification_cursors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    readUpTo: bigint('read_up_to', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'notification_reads_pkey', columns: [t.companyId, t.userId, t.eventId] }),
    foreignKey({
      name: 'notification_reads_event_fk',
      columns: [t.companyId, t.eventId],
      foreignColumns: [events.companyId, events.id],
    }).onDelete('cascade'),
  ],
);

/** A person's e-mail choices in one company: which events, an audit accuracy threshold and a daily digest. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    emailEvents: text('email_events').array().notNull().default(sql`'{}'::text[]`),
    /** audit.completed is e-mailed only when accuracy is under this (null: every completed audit). */
    accuracyBelow: smallint('accuracy_below'),
    /** Hour of the day (0-23) in `time_zone` for the digest; null: no digest. */
    digestHour: smallint('digest_hour'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The person's local date of the last digest considered, so each day's is sent at most once. */
    lastDigestOn: date('last_digest_on'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);

/**
 * E-mails of a company (event e-mails, digests, an endpoint switched off): the record of each one's pg-boss job
 * (jobs/kinds.ts JOB_KINDS), which carries its key; pg-boss leases and retries it, so a restart retries what was not
 * sent and two instances never send one twice. This row keeps the message, the attempts, when the next is due
 * (run_at, for /metrics) and how it ended.
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    toEmail: text('to_email').notNull(),
    message: jsonb('message').notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAt: tz('run_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
    failedAt: tz('failed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'mail_jobs_pkey', columns: [t.companyId, t.id] }),
    index('mail_jobs_due_idx').on(t.runAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    // The clean-up's: when a job finished (sent or given up; never both), jobs/retention.repo.ts's cutoff.
    index('mail_jobs_finished_idx').on(sql`coalesce(${t.sentAt}, ${t.failedAt})`),
  ],
);

/**
 * A person's account e-mail (password reset, invitation, new sign-in, password or e-mail changed, two-factor
 * reminders), queued in the same transaction as what causes it and sent by the jobs module (src/jobs/): global, as
 * a reset is asked for before any company is known. The record of its pg-boss job (jobs/kinds.ts JOB_KINDS),
 * which carries the id: pg-boss leases and retries it; this row keeps the message, the attempts, when the next one
 * is due (run_at, for the queue depth in /metrics) and how it ended.
 */
export const accountMailJobs = pgTable(
  'account_mail_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toEmail: text('to_email').notNull(),
    message: jsonb('message').notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAt: tz('run_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
    failedAt: tz('failed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('account_mail_jobs_due_idx').on(t.runAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('account_mail_jobs_finished_idx').on(sql`coalesce(${t.sentAt}, ${t.failedAt})`),
  ],
);

/** A company's webhook endpoint; the signing secret is sealed with APP_SECRET and shown only when created. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    secretEnc: text('secret_enc').notNull(),
    /** The first failure since the last success; null while healthy. */
    failingSince: tz('failing_since'),
    /** Why it was switched off by the server ('failing'), null when on or switched off by a person. */
    disabledReason: text('disabled_reason'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'webhook_endpoints_pkey', columns: [t.companyId, t.id] })],
);

/** One event for one endpoint: its body (fixed once), and where its delivery stands. */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    endpointId: integer('endpoint_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null for a test event. */
    eventId: bigint('event_id', { mode: 'number' }),
    /** The webhook-id header: the same on every attempt, so receivers can drop a repeat. */
    msgId: text('msg_id').notNull(),
    type: text('type').notNull(),
    body: text('body').notNull(),
    /** 'pending', 'delivered' or 'failed' (gave up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When its next attempt is due: its pg-boss job's start (the webhook-delivery queue carries it). */
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    /**
     * Set while the message waits for its endpoint to be switched on again: it has no pg-boss job then, and switching
     * the endpoint on queues one (alerts/delivery.repo.ts).
     */
    heldAt: tz('held_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'webhook_messages_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'webhook_messages_endpoint_fk',
      columns: [t.companyId, t.endpointId],
      foreignColumns: [webhookEndpoints.companyId, webhookEndpoints.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'webhook_messages_event_fk',
      columns: [t.companyId, t.eventId],
      foreignColumns: [events.companyId, events.id],
    }).onDelete('cascade'),
    uniqueIndex('webhook_messages_company_endpoint_event_unique').on(t.companyId, t.endpointId, t.eventId),
    // The previous build's ON CONFLICT target, kept for a rolling upgrade; dropped in the next release.
    uniqueIndex('webhook_messages_endpoint_event_unique').on(t.endpointId, t.eventId),
    index('webhook_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // The messages an endpoint switched on again releases.
    index('webhook_messages_held_idx').on(t.companyId, t.endpointId).where(sql`${t.heldAt} is not null`),
    // The clean-up's: finished messages by age (jobs/retention).
    index('webhook_messages_finished_idx').on(t.createdAt).where(sql`${t.status} <> 'pending'`),
  ],
);

/** Every attempt at a message: the delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    endpointId: integer('endpoint_id').notNull(),
    attemptedAt: tz('attempted_at').notNull().defaultNow(),
    isSuccess: boolean('is_success').notNull(),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [
    primaryKey({ name: 'webhook_attempts_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'webhook_attempts_message_fk',
      columns: [t.companyId, t.messageId],
      foreignColumns: [webhookMessages.companyId, webhookMessages.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'webhook_attempts_endpoint_fk',
      columns: [t.companyId, t.endpointId],
      foreignColumns: [webhookEndpoints.companyId, webhookEndpoints.id],
    }).onDelete('cascade'),
    index('webhook_attempts_endpoint_idx').on(t.companyId, t.endpointId, t.id),
  ],
);

/** What the alerts last said about a device, so each crossing is told once. */
export const deviceAlertStates = pgTable(
  'device_alert_states',
  {
    deviceId: integer('device_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    isOffline: boolean('is_offline').notNull().default(false),
    isBatteryLow: boolean('is_battery_low').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'device_alert_states_pkey', columns: [t.companyId, t.deviceId] }),
    // The previous build's ON CONFLICT target, kept for a rolling upgrade; dropped in the next release.
    uniqueIndex('device_alert_states_device_unique').on(t.deviceId),
    foreignKey({
      name: 'device_alert_states_device_fk',
      columns: [t.companyId, t.deviceId],
      foreignColumns: [devices.companyId, devices.id],
    }).onDelete('cascade'),
  ],
);

/** A Dutchie package's last told stock state ('in-stock', 'low-stock', 'out-of-stock'), per snapshot. */
export const dutchieStockStates = pgTable(
  'dutchie_stock_states',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    packageId: text('package_id').notNull(),
    state: text('state').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.packageId] })],
);
