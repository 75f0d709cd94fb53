import { codeKey, identifyCode, type TagDecoder, type TCodeRead } from '@quantics/contracts';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditBatches,
  auditParticipants,
  audits,
  companies,
  countPlans,
  devices,
  users,
} from '../../db/schema/index.ts';
import { sqlArray, unnestRows } from '../../db/sql-arrays.ts';
import { storedHex } from '../../lib/stored-hex.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import type { ExpectedRow } from '../audits/dutchie-expected.ts';
import { lockParticipants, participantOf } from './participants.repo.ts';

// The reader's writes: audits it starts and the batches of reads it streams.

export async function isPointOfSale(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ type: companies.inventoryType })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.type === 'dutchie';
}

/** The person whose browser this device is (a Count screen's device), or undefined for a reader of its own. */
export async function deviceOwner(db: Db, companyId: number, deviceId: number) {
  const [row] = await db
    .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})` })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.ownerUserId))
    .where(and(eq(devices.companyId, companyId), eq(devices.id, deviceId)))
    .limit(1);
  return row;
}

/** Inserts the audit unless this reader already started one with this client_audit_id; undefined then. */
/** Inserts an audit; a timed one ends `durationMinutes` after its start. Undefined: its client id or file is taken. */
export async function insertAudit(
  db: Db,
  { durationMinutes, ...values }: typeof audits.$inferInsert & { durationMinutes: number | null },
): Promise<number | undefined> {
  const endsAt =
    durationMinutes === null
      ? null
      : values.createdAt instanceof Date
        ? new Date(values.createdAt.getTime() + durationMinutes * 60_000)
        : sql`now() + ${durationMinutes}::int * interval '1 minute'`;
  const [row] = await db
    .insert(audits)
    .values({ ...values, endsAt })
    .onConflictDoNothing()
    .returning({ id: audits.id });
  return row?.id;
}

export async function findByClientId(db: Db, companyId: number, deviceId: number, clientAuditId: string) {
  const [row] = await db
    .select({ id: audits.id })
    .from(audits)
    .where(
      and(
        eq(audits.companyId, companyId),
        eq(audits.deviceId, deviceId),
        eq(audits.clientAuditId, clientAuditId),
      ),
    )
    .limit(1);
  return row?.id;
}

/**
 * The audit the reader counts in (it started it, or joined it), with the reader's seat (0 for the reader that started
 * it, also when the build before left it no participant row) and whether it has finished its part, locked:
 * - 'share', while a batch is stored: the reader's own participant row FOR SHARE (batches don't wait for each other,
 *   and the readers of one count don't all share-lock one row: PostgreSQL would make each lock a multixact of all of
 *   them), read with its audit in one statement (one round trip a batch: #50 item 8). A completion closes every
 *   participation (is_open false) in its transaction, and a row lock that waited for it returns the row as committed:
 *   a participation found closed is read again, the audit in a statement of its own, so a completion that committed
 *   meanwhile is seen; so is a count without participant rows (the build before's), its row held FOR SHARE as before;
 * - 'update', while completing: the audit row and every participant row FOR UPDATE, so completion waits for the
 *   batches in flight of all its readers, and they for it.
 */
export async function lockAudit(
  db: Db,
  companyId: number,
  deviceId: number,
  id: number,
  mode: 'share' | 'update',
  clock: AuditClock,
) {
  if (mode === 'share') {
    const [held] = await db
      .select({
        id: audits.id,
        name: audits.name,
        status: clock.status(),
        locationId: audits.locationId,
        expectedAsOf: audits.expectedAsOf,
        deviceName: audits.deviceName,
        seat: auditParticipants.seat,
        isFinished: sql<boolean>`(${auditParticipants.finishedAt} is not null)`,
        isOpen: auditParticipants.isOpen,
      })
      .from(auditParticipants)
      .innerJoin(
        audits,
        and(eq(audits.companyId, auditParticipants.companyId), eq(audits.id, auditParticipants.auditId)),
      )
      .where(
        and(
          eq(auditParticipants.companyId, companyId),
          eq(auditParticipants.auditId, id),
          eq(auditParticipants.deviceId, deviceId),
        ),
      )
      .for('share', { of: auditParticipants });
    if (held?.isOpen) {
      const { isOpen: _, ...row } = held;
      return { ...row, seat: Number(row.seat) };
    }
  }
  const part = mode === 'share' ? await participantOf(db, companyId, id, deviceId, 'share') : undefined;
  const query = db
    .select({
      id: audits.id,
      name: audits.name,
      status: clock.status(),
      locationId: audits.locationId,
      expectedAsOf: audits.expectedAsOf,
      deviceName: audits.deviceName,
      seat: sql<number>`coalesce(${auditParticipants.seat}, 0)`,
      isFinished: sql<boolean>`(${auditParticipants.finishedAt} is not null)`,
    })
    .from(audits)
    .leftJoin(
      auditParticipants,
      and(
        eq(auditParticipants.companyId, audits.companyId),
        eq(auditParticipants.auditId, audits.id),
        eq(auditParticipants.deviceId, deviceId),
      ),
    )
    .where(
      and(
        eq(audits.companyId, companyId),
        eq(audits.id, id),
        or(eq(audits.deviceId, deviceId), isNotNull(auditParticipants.deviceId)),
      ),
    );
  const [row] = await (part ? query : query.for(mode, { of: audits }));
  if (row && mode === 'update') await lockParticipants(db, companyId, id);
  return row && { ...row, seat: Number(row.seat) };
}

/** A point-of-sale audit's expected rows, all in one statement. */
export async function insertExpected(db: Db, companyId: number, auditId: number, rows: ExpectedRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into audit_expected (company_id, audit_id, epc, package_id, name, rfid_tag, expected, in_scope, belongs,
      is_package, units)
    select ${companyId}::int, ${auditId}::int, r.epc, r.package_id, r.name, r.rfid_tag, r.expected, r.in_scope, r.belongs,
      r.is_package, r.units
    from ${unnestRows(rows, {
      epc: 'text',
      package_id: 'text',
      name: 'text',
      rfid_tag: 'text',
      expected: 'int',
      in_scope: 'boolean',
      belongs: 'text',
      is_package: 'boolean',
      units: 'int',
    })}`);
}

/** Claims the batch number; false when it had arrived before (or is arriving right now in another request). */
export async function claimBatch(
  db: Db,
  companyId: number,
  auditId: number,
  batchSeq: number,
  readCount: number,
  receivedAt?: Date,
): Promise<boolean> {
  const rows = await db
    .insert(auditBatches)
    .values({ companyId, auditId, batchSeq, readCount, ...(receivedAt && { receivedAt }) })
    .onConflictDoNothing()
    .returning({ seq: auditBatches.batchSeq });
  return rows.length > 0;
}

export async function batchReadCount(
  db: Db,
  companyId: number,
  auditId: number,
  batchSeq: number,
): Promise<number> {
  const [row] = await db
    .select({ n: auditBatches.readCount })
    .from(auditBatches)
    .where(
      and(
        eq(auditBatches.companyId, companyId),
        eq(auditBatches.auditId, auditId),
        eq(auditBatches.batchSeq, batchSeq),
      ),
    );
  return row?.n ?? 0;
}

export type ReadInput = {
  epc: string;
  tid: string | null;
  rssi: number | null;
  count: number;
  seen_at: string | null;
  /** A fixed reader's antenna port (issue 52: the tag's sighting is at the place the port is mapped to). */
  antenna?: number | null;
};
/** What a batch carries: RFID tag reads and barcode scans, in the order read. */
export type IngestRead = ReadInput | TCodeRead;

/**
 * A batch's reads as stored: its tag reads (a scanned code that is an EPC, with no quantity, is that tag read) and
 * its scans, each keeping its place in the batch (ordinal).
 */
export async function insertBatch(
  db: Db,
  companyId: number,
  auditId: number,
  batchSeq: number,
  reads: IngestRead[],
  tags: TagDecoder,
) {
  let hasScans = false;
  for (const r of reads) if ('code' in r) hasScans = true;
  if (!hasScans) return insertReads(db, companyId, auditId, batchSeq, reads as ReadInput[], tags);
  const tagReads: ReadInput[] = [];
  const tagOrdinals: number[] = [];
  const scans: ScanRow[] = [];
  reads.forEach((r, ordinal) => {
    if (!('code' in r)) {
      tagReads.push(r);
      tagOrdinals.push(ordinal);
      return;
    }
    const id = identifyCode(r.code);
    if (id.epc && r.quantity === null) {
      tagReads.push({ epc: id.epc, tid: null, rssi: null, count: 1, seen_at: r.seen_at });
      tagOrdinals.push(ordinal);
      return;
    }
    scans.push({
      ordinal,
      code: id.text,
      kind: id.kind,
      format: id.format,
      key: codeKey(id),
      serialized: id.serialized,
      epc: id.epc,
      gtin: id.gtin,
      alt_gtin: id.altGtin,
      serial: id.serial,
      sku_key: id.skuKey,
      reason: id.reason,
      quantity: r.quantity,
      seen_at: r.seen_at,
    });
  });
  await insertReads(db, companyId, auditId, batchSeq, tagReads, tags, tagOrdinals);
  await insertScans(db, companyId, auditId, batchSeq, scans);
}

type ScanRow = {
  ordinal: number;
  code: string;
  kind: string;
  format: string;
  key: string;
  serialized: boolean;
  epc: string | null;
  gtin: string | null;
  alt_gtin: string | null;
  serial: string | null;
  sku_key: string | null;
  reason: string | null;
  quantity: number | null;
  seen_at: string | null;
};

/** A batch's scans in one statement, identified already (identifyCode): nothing is parsed in SQL. */
async function insertScans(db: Db, companyId: number, auditId: number, batchSeq: number, rows: ScanRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into audit_scans (company_id, audit_id, batch_seq, ordinal, code, kind, format, key, serialized, epc, gtin,
      alt_gtin, serial, sku_key, reason, quantity, seen_at)
    select ${companyId}::int, ${auditId}::int, ${batchSeq}::int, r.ordinal, r.code, r.kind, r.format, r.key,
      r.serialized, r.epc, r.gtin, r.alt_gtin, r.serial, r.sku_key, r.reason, r.quantity, r.seen_at
    from ${unnestRows(rows, {
      ordinal: 'int',
      code: 'text',
      kind: 'text',
      format: 'text',
      key: 'text',
      serialized: 'boolean',
      epc: 'text',
      gtin: 'text',
      alt_gtin: 'text',
      serial: 'text',
      sku_key: 'text',
      reason: 'text',
      quantity: 'int',
      seen_at: 'timestamptz',
    })}`);
}

/**
 * All reads of a batch in one statement: one array parameter per column. Each EPC is decoded here, once (a GS1
 * tag's GTIN and text), so reconciliation matches products by GTIN without decoding anything itself. EPC and TID
 * travel as hex text and are stored as bytes (decode() over the unnested arrays). The caller has made sure the
 * month's partition exists (ensureReadPartitions, before its transaction).
 */
export async function insertReads(
  db: Db,
  companyId: number,
  auditId: number,
  batchSeq: number,
  reads: ReadInput[],
  /** The app's decoder of GS1 tags (app.ingest.tags), which remembers the tags it decoded lately. */
  tags: TagDecoder,
  /** Each read's place in its batch, when the batch also held scans; else its index. */
  ordinals?: number[],
) {
  if (reads.length === 0) return;
  // Columns are built straight as arrays (no object per read): this runs for every batch every reader sends. A tag
  // read many times is decoded once (the decoder remembers the tags it decoded lately).
  const n = reads.length;
  const epcs: string[] = new Array(n);
  const tids: (string | null)[] = new Array(n);
  const rssis: (number | null)[] = new Array(n);
  const counts: number[] = new Array(n);
  const seen: (string | null)[] = new Array(n);
  const ords: number[] = new Array(n);
  const gtins: (string | null)[] = new Array(n);
  const texts: (string | null)[] = new Array(n);
  let anyDecoded = false;
  for (let i = 0; i < n; i++) {
    const r = reads[i] as ReadInput;
    const tag = tags.decode(r.epc);
    ords[i] = ordinals ? (ordinals[i] as number) : i;
    epcs[i] = storedHex(r.epc);
    tids[i] = storedHex(r.tid);
    rssis[i] = r.rssi;
    counts[i] = r.count;
    seen[i] = r.seen_at;
    gtins[i] = tag.gtin;
    texts[i] = tag.text;
    if (tag.text !== null) anyDecoded = true;
  }
  // Most batches hold no GS1 tag (a catalogue's own SKU tags): their decoded columns stay NULL without sending two
  // arrays of NULLs for PostgreSQL to parse.
  const gs1 = anyDecoded
    ? {
        columns: sql`, gtin, decoded`,
        values: sql`, r.gtin, r.decoded`,
        arrays: sql`, ${sqlArray(gtins, 'text')}, ${sqlArray(texts, 'text')}`,
      }
    : { columns: sql``, values: sql``, arrays: sql`` };
  await db.execute(sql`
    insert into audit_reads (company_id, audit_id, batch_seq, ordinal, epc, tid, rssi, count, seen_at${gs1.columns})
    select ${companyId}::int, ${auditId}::int, ${batchSeq}::int, ${ordinals ? sql`r.given` : sql`r.ord::int - 1`},
      decode(r.epc, 'hex'), decode(r.tid, 'hex'), r.rssi, r.count, r.seen_at${gs1.values}
    from unnest(${sqlArray(epcs, 'text')}, ${sqlArray(tids, 'text')}, ${sqlArray(rssis, 'real')},
      ${sqlArray(counts, 'int')}, ${sqlArray(seen, 'timestamptz')}${gs1.arrays}${ordinals ? sql`, ${sqlArray(ords, 'int')}` : sql``})
      with ordinality as r(epc, tid, rssi, count, seen_at${gs1.columns}${ordinals ? sql`, given` : sql``}, ord)`);
}

/** The audit this one recounts (reviews set it when a recount starts), or null for a count of its own. */
export async function recountOf(db: Db, companyId: number, auditId: number): Promise<number | null> {
  const [row] = await db
    .select({ recountOf: audits.recountOf })
    .from(audits)
    .where(and(eq(audits.companyId, companyId), eq(audits.id, auditId)));
  return row?.recountOf ?? null;
}

/** Whether the count plan is the company's (count_plans is count plans' table, read here: architecture.test.ts). */
export async function planExists(db: Db, companyId: number, planId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: countPlans.id })
    .from(countPlans)
    .where(and(eq(countPlans.companyId, companyId), eq(countPlans.id, planId)));
  return row !== undefined;
}
