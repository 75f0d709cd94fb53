import { sql } from 'drizzle-orm';
import { boolean, customType, date, integer, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { tz } from './readers.ts';

/** Raw bytes: EPCs and TIDs are stored as bytes (12 for an EPC), never as their hex text; answers keep hex. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Tag reads, as sent. PARTITIONED BY RANGE (received_on), one partition a month (the migration 0019_read_storage
 * creates the table by hand: drizzle-kit does not write partitioned tables, so this definition only types it).
 * Old months are dropped whole by the reads retention (READS_RETENTION_DAYS); an audit's tags outlive them in
 * audit_tags. The key holds the partition key, as PostgreSQL requires of a partitioned table's key.
 */
export const auditReads = pgTable(
  'audit_reads',
  {
    // Columns in the order that packs them tightest (8-byte, then 4-byte, then the short byte strings).
    seenAt: tz('seen_at'),
    /** The UTC day the server stored the read (the partition key): set by the database, never sent. */
    receivedOn: date('received_on').notNull().default(sql`(now() at time zone 'UTC')::date`),
    /**
     * The audit's company (the tenant key). No foreign key to the audit: reads are only written for an audit held
     * locked, and a row trigger on audits (audits_delete_reads, migration 0020) deletes them with it. A foreign key
     * is a check per row: 500 a batch here, and 100,000 (0.43 s) when a 100,000-tag audit writes its tags.
     */
    companyId: integer('company_id').notNull(),
    auditId: integer('audit_id').notNull(),
    batchSeq: integer('batch_seq').notNull(),
    ordinal: integer('ordinal').notNull(),
    count: integer('count').notNull().default(1),
    rssi: real('rssi'),
    epc: bytea('epc').notNull(),
    tid: bytea('tid'),
    /** Decoded once, when stored: an SGTIN's GTIN-14 (what products are matched by), and the tag for a person. */
    gtin: text('gtin'),
    decoded: text('decoded'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.auditId, t.batchSeq, t.ordinal, t.receivedOn] })],
);

/**
 * An audit's tags, one row per distinct EPC, written by the statement that completes the audit (reconcile.repo.ts):
 * what is kept of its reads after the raw reads' retention. Its key (company, audit, EPC bytes) is its only index:
 * everything reads an audit's tags by company and audit.
 */
export const auditTags = pgTable(
  'audit_tags',
  {
    firstSeen: tz('first_seen'),
    lastSeen: tz('last_seen'),
    /** The audit's company (the tenant key); deleted with its audit like the reads (no foreign key: see above). */
    companyId: integer('company_id').notNull(),
    auditId: integer('audit_id').notNull(),
    /** Distinct TIDs read with the EPC (0 when the reader sent none): the units are greatest(tids, 1). */
    tids: integer('tids').notNull(),
    /** Reads of the tag: the sum of the reads' counts. */
    reads: integer('reads').notNull(),
    bestRssi: real('best_rssi'),
    epc: bytea('epc').notNull(),
    gtin: text('gtin'),
    decoded: text('decoded'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.auditId, t.epc] })],
);

/**
 * Barcode scans (a reader protocol read with `code`, a Count screen scan that is not an EPC, a file's code column),
 * one row per scan, identified once when stored (contracts' identifyCode): reconciliation matches them to products
 * by EPC, GTIN and SKU without parsing anything. Scans are few next to tag reads (a person pulls a trigger per
 * item), so they are kept with the audit for its life, like audit_tags, and deleted with it by the same trigger.
 */
export const auditScans = pgTable(
  'audit_scans',
  {
    seenAt: tz('seen_at'),
    companyId: integer('company_id').notNull(),
    auditId: integer('audit_id').notNull(),
    batchSeq: integer('batch_seq').notNull(),
    ordinal: integer('ordinal').notNull(),
    /** Units the scan counts when given; null: one unit (or a package's expected units). */
    quantity: integer('quantity'),
    /** The code as read. */
    code: text('code').notNull(),
    /** identifyCode's kind and format: 'gtin' / 'UPC-A', 'gs1' / 'GS1 DataMatrix', 'text' / 'Text'… */
    kind: text('kind').notNull(),
    format: text('format').notNull(),
    /** Scans with one key are one unit (serialized) or add up (plain): contracts' codeKey. */
    key: text('key').notNull(),
    serialized: boolean('serialized').notNull(),
    epc: text('epc'),
    gtin: text('gtin'),
    altGtin: text('alt_gtin'),
    serial: text('serial'),
    skuKey: text('sku_key'),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.auditId, t.batchSeq, t.ordinal] })],
);
