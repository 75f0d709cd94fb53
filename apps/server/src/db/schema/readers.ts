import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { locations, products } from './inventory.ts';
import { reasonCodes } from './reviews.ts';

/** A timestamp with time zone: every time column of the readers', alerts' and reads' tables. */
export const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Readers of a company; status is derived from last_seen, battery and signal when read. `kind`: a handheld speaking
 * the reader protocol ('handheld'), a person's browser counting on the Count screen ('browser'), or a fixed reader
 * posting tag events to its webhook ('fixed').
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    serialNumber: text('serial_number').notNull(),
    model: text('model'),
    firmware: text('firmware'),
    kind: text('kind').notNull().default('handheld'),
    /** A fixed reader's home: where its counts are, unless a count names another place. */
    locationId: integer('location_id'),
    room: text('room'),
    /**
     * A fixed reader's way in: 'impinj-iot' (R700), 'zebra-iot-connector' or 'speedway-connect'; null for others.
     * Decides only the webhook URL the portal shows; the reader's Basic credentials open any fixed-reader webhook.
     */
    webhookInterface: text('webhook_interface'),
    /** The person whose browser this is (kind 'browser'). */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    batteryLevel: smallint('battery_level'),
    signalStrength: smallint('signal_strength'),
    lastSeen: tz('last_seen'),
    pairedAt: tz('paired_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'devices_pkey', columns: [t.companyId, t.id] }),
    // ON DELETE SET NULL (location_id) in the migration, as for every composite reference that is cleared.
    foreignKey({
      name: 'devices_location_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }).onDelete('set null'),
    uniqueIndex('devices_company_serial_unique').on(t.companyId, t.serialNumber),
    index('devices_company_name_idx').on(t.companyId, t.name, t.id),
  ],
);

/**
 * A reader's pairing in progress (RFC 8628 style). `code` is set only while the pairing is live (unconfirmed,
 * unexpired), so the unique index makes codes unique among live pairings; it is cleared once confirmed or expired.
 */
export const devicePairings = pgTable(
  'device_pairings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code'),
    pollSecretHash: text('poll_secret_hash').notNull(),
    serialNumber: text('serial_number').notNull(),
    model: text('model'),
    firmware: text('firmware'),
    expiresAt: tz('expires_at').notNull(),
    lastPolledAt: tz('last_polled_at'),
    confirmedAt: tz('confirmed_at'),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id'),
    /** When the poll handed out the token: afterwards the pairing answers 410. */
    deliveredAt: tz('delivered_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'device_pairings_device_fk',
      columns: [t.companyId, t.deviceId],
      foreignColumns: [devices.companyId, devices.id],
    }).onDelete('cascade'),
    uniqueIndex('device_pairings_code_unique').on(t.code),
    index('device_pairings_expires_idx').on(t.expiresAt),
  ],
);

/** Bearer tokens of paired readers, stored only as SHA-256; deleting the device deletes them. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: serial('id').notNull(),
    deviceId: integer('device_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    revokedAt: tz('revoked_at'),
  },
  (t) => [
    primaryKey({ name: 'device_tokens_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'device_tokens_device_fk',
      columns: [t.companyId, t.deviceId],
      foreignColumns: [devices.companyId, devices.id],
    }).onDelete('cascade'),
    // A global secret: a reader's token is looked up by its hash before its company is known.
    uniqueIndex('device_tokens_hash_unique').on(t.tokenHash),
    index('device_tokens_device_idx').on(t.companyId, t.deviceId),
  ],
);

/**
 * A cycle-count plan (issue 36): which places are counted (catalogue locations, each with its sub-locations, or a
 * Dutchie company's rooms) on which rhythm (exactly one of every_days, weekdays, month_day), in the company's time
 * zone. Places are arrays: a deleted location simply drops out of the plan when it is read.
 */
export const countPlans = pgTable(
  'count_plans',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    locationIds: integer('location_ids').array().notNull().default(sql`'{}'::int[]`),
    rooms: text('rooms').array().notNull().default(sql`'{}'::text[]`),
    everyDays: integer('every_days'),
    /** ISO weekdays, 1 (Monday) to 7 (Sunday). */
    weekdays: integer('weekdays').array(),
    monthDay: integer('month_day'),
    graceDays: integer('grace_days').notNull().default(0),
    isBlind: boolean('is_blind').notNull().default(false),
    deviceId: integer('device_id'),
    assigneeUserId: integer('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    durationMinutes: integer('duration_minutes'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /**
     * When its places' next due days (count_plan_places) were last worked out; null when they must be again: the
     * plan is new or changed, or the company completed a count. The plan-places sweep takes these first.
     */
    placesRefreshedAt: tz('places_refreshed_at'),
  },
  (t) => [
    primaryKey({ name: 'count_plans_pkey', columns: [t.companyId, t.id] }),
    // The plan-places sweep's: plans whose places are to be worked out again (null), or not for a day.
    index('count_plans_places_refreshed_idx').on(t.placesRefreshedAt),
    // ON DELETE SET NULL (device_id) in the migration: the plan stays, counted by people.
    foreignKey({
      name: 'count_plans_device_fk',
      columns: [t.companyId, t.deviceId],
      foreignColumns: [devices.companyId, devices.id],
    }).onDelete('set null'),
  ],
);

/**
 * Each planned place's next due day, stored so the sweeps read an index instead of working out every plan of every
 * company (count-plans/plan-places.ts): written from the plan's rhythm and the place's last count when a count
 * completes or the plan changes (its plan's places_refreshed_at set null), and every day at the latest. The days
 * shown on screens are still worked out on read; a stored day a count has since made later only makes a sweep look
 * at the company once more, which works it out again.
 */
export const countPlanPlaces = pgTable(
  'count_plan_places',
  {
    companyId: integer('company_id').notNull(),
    planId: integer('plan_id').notNull(),
    /** 'l:<location id>' or 'r:<room name>' (as count_overdue_notices and count_plan_runs). */
    placeKey: text('place_key').notNull(),
    /** The day it is next due, in the company's time zone. */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** When that day begins in the company's time zone: due from then. */
    dueAt: tz('due_at').notNull(),
    /** When the day after its grace days begins: overdue from then. */
    overdueAt: tz('overdue_at').notNull(),
    /** Its plan's fixed reader counts it by itself (a device and a duration). */
    isReader: boolean('is_reader').notNull().default(false),
    /** count.overdue was told for this due day (count_overdue_notices has it). */
    isOverdueTold: boolean('is_overdue_told').notNull().default(false),
    /** The fixed reader's count for this due day was started (count_plan_runs has it). */
    isRunStarted: boolean('is_run_started').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'count_plan_places_pkey', columns: [t.companyId, t.planId, t.placeKey] }),
    foreignKey({
      name: 'count_plan_places_plan_fk',
      columns: [t.companyId, t.planId],
      foreignColumns: [countPlans.companyId, countPlans.id],
    }).onDelete('cascade'),
    // The overdue sweep's: places overdue and not yet told.
    index('count_plan_places_overdue_idx').on(t.overdueAt).where(sql`not ${t.isOverdueTold}`),
    // The planned reader counts' sweep: places a fixed reader counts, due and not yet started.
    index('count_plan_places_reader_due_idx').on(t.dueAt).where(sql`${t.isReader} and not ${t.isRunStarted}`),
  ],
);

/**
 * count.overdue told once per place and due day: the row is claimed (ON CONFLICT DO NOTHING) in the statement that
 * writes the event, so two instances sweeping at once tell it once.
 */
export const countOverdueNotices = pgTable(
  'count_overdue_notices',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'l:<location id>' or 'r:<room name>'. */
    placeKey: text('place_key').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'count_overdue_notices_pkey', columns: [t.companyId, t.placeKey, t.dueOn] })],
);

/**
 * A fixed reader's planned count, claimed once per plan, place and due day before it is started: the primary key
 * makes a second instance's claim (or a second sweep's) a no-op, so the count runs once.
 */
export const countPlanRuns = pgTable(
  'count_plan_runs',
  {
    companyId: integer('company_id').notNull(),
    planId: integer('plan_id').notNull(),
    placeKey: text('place_key').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    auditId: integer('audit_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'count_plan_runs_pkey', columns: [t.companyId, t.planId, t.placeKey, t.dueOn] }),
    foreignKey({
      name: 'count_plan_runs_plan_fk',
      columns: [t.companyId, t.planId],
      foreignColumns: [countPlans.companyId, countPlans.id],
    }).onDelete('cascade'),
  ],
);

/**
 * An audit: a reader's walk through a location (or the whole catalogue). Status 'in_progress' older than the
 * audit time-out without a batch reads as 'failed' (derived on read, so any number of instances agree).
 */
export const audits = pgTable(
  'audits',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id'),
    /** The reader's name at the time, kept when the reader is deleted. */
    deviceName: text('device_name'),
    clientAuditId: uuid('client_audit_id').notNull(),
    name: text('name').notNull(),
    locationId: integer('location_id'),
    /** A point-of-sale company's audit of one Dutchie room (null: the whole store, or a catalogue audit). */
    room: text('room'),
    /** When the Dutchie snapshot its expected counts (audit_expected) come from was taken. */
    expectedAsOf: tz('expected_as_of'),
    auditType: text('audit_type'),
    /** Who started it: the person counting in a browser, starting a fixed reader's count or importing a file. */
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedByName: text('started_by_name'),
    /** A fixed reader's count chosen to last a while finishes itself then. */
    endsAt: tz('ends_at'),
    /** The SHA-256 of an imported file: the same file again answers the audit it made. */
    importHash: text('import_hash'),
    status: text('status').notNull().default('in_progress'),
    comments: text('comments'),
    lastBatchAt: tz('last_batch_at'),
    batchCount: integer('batch_count').notNull().default(0),
    readsCount: bigint('reads_count', { mode: 'number' }).notNull().default(0),
    tagsExpected: integer('tags_expected').notNull().default(0),
    tagsFound: integer('tags_found').notNull().default(0),
    expectedCount: integer('expected_count').notNull().default(0),
    discrepanciesCount: integer('discrepancies_count').notNull().default(0),
    misplacedCount: integer('misplaced_count').notNull().default(0),
    unknownCount: integer('unknown_count').notNull().default(0),
    /**
     * A Dutchie audit's packages counted as packages (those with a Metrc label): in scope, and found (read or scanned
     * at least once). Null for catalogue audits and for audits completed before packages were counted.
     */
    packagesExpected: integer('packages_expected'),
    packagesFound: integer('packages_found'),
    accuracy: integer('accuracy'),
    /** Inventory record accuracy: the share (percent) of the audit's products whose count was exactly right. */
    recordAccuracy: integer('record_accuracy'),
    countsAppliedAt: tz('counts_applied_at'),
    countsAppliedBy: text('counts_applied_by'),
    countsAppliedReason: text('counts_applied_reason'),
    createdAt: tz('created_at').notNull().defaultNow(),
    completedAt: tz('completed_at'),
    /** A recount: the audit whose lines it counts again (its result replaces theirs). */
    recountOf: integer('recount_of'),
    /** The count plan it was started from (the Count screen's "Due now", a fixed reader's planned count). */
    planId: integer('plan_id'),
  },
  (t) => [
    primaryKey({ name: 'audits_pkey', columns: [t.companyId, t.id] }),
    // ON DELETE SET NULL (plan_id) in the migration: the audit stays when its plan is deleted.
    foreignKey({
      name: 'audits_plan_fk',
      columns: [t.companyId, t.planId],
      foreignColumns: [countPlans.companyId, countPlans.id],
    }).onDelete('set null'),
    // ON DELETE SET NULL (device_id) in the migration: the audit keeps the reader's name.
    foreignKey({
      name: 'audits_device_fk',
      columns: [t.companyId, t.deviceId],
      foreignColumns: [devices.companyId, devices.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'audits_location_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }).onDelete('set null'),
    uniqueIndex('audits_client_id_unique').on(t.companyId, sql`coalesce(${t.deviceId}, 0)`, t.clientAuditId),
    uniqueIndex('audits_import_hash_unique')
      .on(t.companyId, t.importHash)
      .where(sql`${t.importHash} IS NOT NULL`),
    // At most one count open per reader (a fixed reader's webhook posts land in it).
    index('audits_device_open_idx').on(t.companyId, t.deviceId).where(sql`${t.status} = 'in_progress'`),
    index('audits_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('audits_company_status_created_idx').on(t.companyId, t.status, t.createdAt, t.id),
    // Each planned place's last completed count (what is due, coverage).
    index('audits_company_place_completed_idx')
      .on(t.companyId, t.locationId, t.room, t.completedAt)
      .where(sql`${t.status} = 'completed'`),
  ],
);

/**
 * Completed audits per company and day of the company's time zone (from migration 0044; UTC's before), kept by
 * statement-level triggers on audits (migration 0009_dashboard_rollups) and counted again when the company's time zone
 * changes, so the dashboard's 30-day figures and trends add up about 30 rows instead of every audit of the month.
 */
export const auditDays = pgTable(
  'audit_days',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    audits: integer('audits').notNull().default(0),
    /** Completed audits without discrepancies. */
    clean: integer('clean').notNull().default(0),
    tagsFound: bigint('tags_found', { mode: 'number' }).notNull().default(0),
    discrepancies: bigint('discrepancies', { mode: 'number' }).notNull().default(0),
    /** Sum and count of the non-null accuracies, for the mean. */
    accuracySum: bigint('accuracy_sum', { mode: 'number' }).notNull().default(0),
    accuracyCount: integer('accuracy_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/**
 * The version of a company's settled dashboard figures: goes up, by statement-level triggers (migration 0030),
 * whenever a statement changes what they show: products added, removed or changed in stock, price, name, vendor,
 * category, limit or expiry, and audits completed, reopened, removed or changed once completed. The dashboard keeps
 * those figures under it (dashboard-cache.ts); a count in progress (its reads, its found tags) leaves it alone.
 */
export const dashboardVersions = pgTable('dashboard_versions', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** The rows under an audit go with it: (company_id, audit_id) references the audit's key. */
export const auditRef = (table: string, t: { companyId: AnyPgColumn; auditId: AnyPgColumn }) =>
  foreignKey({
    name: `${table}_audit_fk`,
    columns: [t.companyId, t.auditId],
    foreignColumns: [audits.companyId, audits.id],
  }).onDelete('cascade');

/** One row per batch a reader sent: the unique key makes a resent batch a no-op. */
export const auditBatches = pgTable(
  'audit_batches',
  {
    companyId: integer('company_id').notNull(),
    auditId: integer('audit_id').notNull(),
    batchSeq: integer('batch_seq').notNull(),
    readCount: integer('read_count').notNull(),
    /** A webhook post's SHA-256 (fixed readers retry a post they think failed): the same post is stored once. */
    contentHash: text('content_hash'),
    receivedAt: tz('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'audit_batches_pkey', columns: [t.companyId, t.auditId, t.batchSeq] }),
    auditRef('audit_batches', t),
    uniqueIndex('audit_batches_content_unique')
      .on(t.companyId, t.auditId, t.contentHash)
      .where(sql`${t.contentHash} IS NOT NULL`),
  ],
);

/**
 * A point-of-sale company's expected stock for one audit: its Dutchie packages as they were when the audit started,
 * one row per EPC (a package's tag). `in_scope` rows are expected here (`expected` units: the room's quantity, or
 * the package's for the whole store); the others are the store's packages elsewhere, so reading one here is
 * 'misplaced' (`belongs` names its rooms) rather than unknown.
 */
export const auditExpected = pgTable(
  'audit_expected',
  {
    companyId: integer('company_id').notNull(),
    auditId: integer('audit_id').notNull(),
    epc: text('epc').notNull(),
    packageId: text('package_id').notNull(),
    name: text('name').notNull(),
    rfidTag: text('rfid_tag').notNull(),
    expected: integer('expected').notNull(),
    inScope: boolean('in_scope').notNull(),
    belongs: text('belongs'),
    /**
     * A package with a Metrc label (its EPC is the label): counted as a package, so reading or scanning it once means
     * its units are there (`expected` here, `units` when it is read elsewhere), unless a scan gives a quantity.
     */
    isPackage: boolean('is_package').notNull().default(false),
    /** The package's units in the whole store: what a package read where it does not belong counts. */
    units: integer('units').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'audit_expected_pkey', columns: [t.companyId, t.auditId, t.epc] }),
    auditRef('audit_expected', t),
  ],
);

/** What reconciliation found, one row per product or unknown tag that is off. */
export const auditDiscrepancies = pgTable(
  'audit_discrepancies',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id').notNull(),
    auditId: integer('audit_id').notNull(),
    productId: integer('product_id'),
    productSku: text('product_sku'),
    productName: text('product_name'),
    epc: text('epc').notNull(),
    rfidTag: text('rfid_tag'),
    expectedQuantity: integer('expected_quantity').notNull(),
    foundQuantity: integer('found_quantity').notNull(),
    /**
     * A count in a trading store (issue 48): what the counted places held when the count started, and the units that
     * moved there while it ran (sales negative, receipts positive). expected_quantity is then as of when the product
     * was counted: the start plus what moved before its first read. Null for rows written before movements existed.
     */
    expectedAtStart: integer('expected_at_start'),
    movedDuring: integer('moved_during'),
    discrepancyType: text('discrepancy_type').notNull(),
    notes: text('notes'),
    /** The barcodes scanned for the row ("0012345678905 ×3, CP100115"); null when only RFID tags were read. */
    codes: text('codes'),
    /** An unknown scan's kind ("UPC-A", "GS1 DataMatrix", "Metrc label"); null for tags and products. */
    codeFormat: text('code_format'),
    appliedAt: tz('applied_at'),
    /** The product's unit cost when the line was counted: its value at cost, for the policy and the shrink report. */
    unitCost: numeric('unit_cost', { precision: 12, scale: 2 }).notNull().default('0'),
    /** Over the company's count policy when it was counted: applied only once an admin approves it. */
    needsApproval: boolean('needs_approval').notNull().default(false),
    /** An admin's decision: 'approve', 'reject' or 'recount'; null: none yet. */
    decision: text('decision'),
    reasonCodeId: integer('reason_code_id'),
    decisionNote: text('decision_note'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: tz('decided_at'),
    /** The recount that counts this line again. */
    recountAuditId: integer('recount_audit_id'),
  },
  (t) => [
    primaryKey({ name: 'audit_discrepancies_pkey', columns: [t.companyId, t.id] }),
    // A code a decision uses cannot be deleted, only retired.
    foreignKey({
      name: 'audit_discrepancies_reason_fk',
      columns: [t.companyId, t.reasonCodeId],
      foreignColumns: [reasonCodes.companyId, reasonCodes.id],
    }),
    index('audit_discrepancies_recount_idx')
      .on(t.companyId, t.recountAuditId)
      .where(sql`${t.recountAuditId} is not null`),
    index('audit_discrepancies_applied_idx')
      .on(t.companyId, t.appliedAt)
      .where(sql`${t.appliedAt} is not null`),
    auditRef('audit_discrepancies', t),
    // ON DELETE SET NULL (product_id) in the migration: the row keeps the product's SKU and name.
    foreignKey({
      name: 'audit_discrepancies_product_fk',
      columns: [t.companyId, t.productId],
      foreignColumns: [products.companyId, products.id],
    }).onDelete('set null'),
    index('audit_discrepancies_audit_idx').on(t.companyId, t.auditId, t.discrepancyType, t.id),
    // The lines still waiting for an admin (the dashboard's "Awaiting review"): a handful, whatever the history.
    index('audit_discrepancies_awaiting_idx')
      .on(t.companyId, t.auditId)
      .where(
        sql`${t.needsApproval} and ${t.appliedAt} is null and (${t.decision} is null or ${t.decision} = 'recount')`,
      ),
  ],
);
