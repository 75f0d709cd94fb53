import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

// EPCIS (issue 53): the SQL of the export, the query and the capture. Every statement is scoped by company.

/** What a count's event is written from: the audit, its place, the company's time zone and GS1 prefixes. */
export type AuditHead = {
  id: number;
  status: string;
  completedAt: Date | null;
  locationId: number | null;
  gln: string | null;
  room: string | null;
  /** A shipment's receipt: the shipment and its reference (its bizTransaction). */
  shipmentId: number | null;
  shipmentReference: string | null;
  timeZone: string;
  prefixes: string[];
};

export async function auditHead(db: Db, companyId: number, auditId: number): Promise<AuditHead | undefined> {
  const r = await db.execute<{
    id: number;
    status: string;
    completed_at: string | Date | null;
    location_id: number | null;
    gln: string | null;
    room: string | null;
    shipment_id: number | null;
    reference: string | null;
    time_zone: string;
    prefixes: string[] | null;
  }>(sql`
    SELECT a.id, a.status, a.completed_at, a.location_id, l.gln, a.room, s.id AS shipment_id, s.reference,
      c.time_zone,
      (SELECT array_agg(p.prefix ORDER BY p.prefix) FROM gs1_prefixes p WHERE p.company_id = a.company_id) AS prefixes
    FROM audits a
    JOIN companies c ON c.id = a.company_id
    LEFT JOIN locations l ON l.company_id = a.company_id AND l.id = a.location_id
    LEFT JOIN shipments s ON s.company_id = a.company_id AND s.receipt_audit_id = a.id
    WHERE a.company_id = ${companyId} AND a.id = ${auditId}`);
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
    locationId: row.location_id,
    gln: row.gln,
    room: row.room,
    shipmentId: row.shipment_id,
    shipmentReference: row.reference,
    timeZone: row.time_zone,
    prefixes: row.prefixes ?? [],
  };
}

/**
 * One page of an audit's tags (EPC hex), in the order of their key, after `afterHex`: the export reads them page by
 * page along audit_tags' primary key, so it never holds a 100,000-tag count in memory.
 */
export async function tagPage(
  db: Db,
  companyId: number,
  auditId: number,
  afterHex: string | null,
  limit: number,
  /** A shipment's receipt keeps its reads, not audit_tags (shipments' completeReceipt): its distinct EPCs read. */
  fromReads = false,
): Promise<string[]> {
  const after = afterHex === null ? sql`` : sql`AND epc > decode(${afterHex}, 'hex')`;
  const source = fromReads
    ? sql`(SELECT DISTINCT epc FROM audit_reads WHERE company_id = ${companyId} AND audit_id = ${auditId} ${after}) t`
    : sql`audit_tags WHERE company_id = ${companyId} AND audit_id = ${auditId} ${after}`;
  const r = await db.execute<{ epc: string }>(sql`
    SELECT upper(encode(epc, 'hex')) AS epc FROM ${source} ORDER BY epc LIMIT ${limit}`);
  return r.rows.map((row) => row.epc);
}

/** An audit's barcode scans, one row per unit key (what makes two scans one unit): few next to its tags. */
export type ScanUnit = {
  key: string;
  kind: string;
  epc: string | null;
  gtin: string | null;
  serial: string | null;
  skuKey: string | null;
  serialized: boolean;
  quantity: number;
};

export async function scanUnits(db: Db, companyId: number, auditId: number): Promise<ScanUnit[]> {
  const r = await db.execute<{
    key: string;
    kind: string;
    epc: string | null;
    gtin: string | null;
    serial: string | null;
    sku_key: string | null;
    serialized: boolean;
    quantity: number;
  }>(sql`
    SELECT key, min(kind) AS kind, min(epc) AS epc, min(gtin) AS gtin, min(serial) AS serial,
      min(sku_key) AS sku_key, bool_and(serialized) AS serialized, sum(coalesce(quantity, 1))::int AS quantity
    FROM audit_scans WHERE company_id = ${companyId} AND audit_id = ${auditId}
    GROUP BY key ORDER BY key`);
  return r.rows.map((row) => ({
    key: row.key,
    kind: row.kind,
    epc: row.epc,
    gtin: row.gtin,
    serial: row.serial,
    skuKey: row.sku_key,
    serialized: row.serialized,
    quantity: Number(row.quantity),
  }));
}

/** Which of these EPCs (hex) the audit's tags hold: a scanned tag that was also read is listed once. */
export async function tagsAmong(
  db: Db,
  companyId: number,
  auditId: number,
  epcs: string[],
): Promise<Set<string>> {
  if (epcs.length === 0) return new Set();
  const r = await db.execute<{ epc: string }>(sql`
    SELECT upper(encode(t.epc, 'hex')) AS epc FROM audit_tags t
    WHERE t.company_id = ${companyId} AND t.audit_id = ${auditId}
      AND t.epc IN (SELECT decode(x, 'hex') FROM unnest(${sqlArray(epcs, 'text')}) AS x)`);
  return new Set(r.rows.map((row) => row.epc));
}

/** The company's time zone and GS1 prefixes (for the query, which writes several audits' events). */
export async function companyNaming(
  db: Db,
  companyId: number,
): Promise<{ timeZone: string; prefixes: string[] }> {
  const r = await db.execute<{ time_zone: string; prefixes: string[] | null }>(sql`
    SELECT c.time_zone,
      (SELECT array_agg(p.prefix ORDER BY p.prefix) FROM gs1_prefixes p WHERE p.company_id = c.id) AS prefixes
    FROM companies c WHERE c.id = ${companyId}`);
  return { timeZone: r.rows[0]?.time_zone ?? 'UTC', prefixes: r.rows[0]?.prefixes ?? [] };
}

// --- The query ------------------------------------------------------------------------------------------------------

/** A page position: the event time in microseconds since 1970, its source ('a' an audit, 'e' a captured event), id. */
export type QueryKey = { us: string; src: 'a' | 'e'; id: number };

export type QueryFilter = {
  from: Date | null;
  to: Date | null;
  /** null: every step; 'cycle_counting' also takes the counts, 'receiving' the shipments' receipts. */
  bizStep: string | null;
  locationId: number | null;
};

export type QueryRow = QueryKey & {
  /** An audit's place and time, for its event. */
  auditLocationId: number | null;
  auditGln: string | null;
  auditRoom: string | null;
  shipmentId: number | null;
  shipmentReference: string | null;
  completedAt: Date | null;
  /** A captured event, as stored. */
  event: Record<string, unknown> | null;
};

/**
 * One page of the company's events, oldest first: its completed counts (their cycle_counting events, written from
 * the audit) and the events it captured, merged by time in one statement, after the cursor's position.
 */
export async function queryPage(
  db: Db,
  companyId: number,
  filter: QueryFilter,
  after: QueryKey | null,
  limit: number,
): Promise<QueryRow[]> {
  const us = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::bigint`);
  const withCounts =
    filter.bizStep === null || filter.bizStep === 'cycle_counting' || filter.bizStep === 'receiving';
  const receipts =
    filter.bizStep === 'cycle_counting'
      ? sql`AND s.id IS NULL`
      : filter.bizStep === 'receiving'
        ? sql`AND s.id IS NOT NULL`
        : sql``;
  const counts = withCounts
    ? sql`SELECT ${us('a.completed_at')} AS us, 'a' AS src, a.id::bigint AS id, a.location_id, l.gln, a.room,
          s.id AS shipment_id, s.reference, a.completed_at, NULL::jsonb AS event
        FROM audits a
        LEFT JOIN locations l ON l.company_id = a.company_id AND l.id = a.location_id
        LEFT JOIN shipments s ON s.company_id = a.company_id AND s.receipt_audit_id = a.id
        WHERE a.company_id = ${companyId} AND a.status = 'completed' AND a.completed_at IS NOT NULL ${receipts}
          ${filter.from ? sql`AND a.completed_at >= ${filter.from.toISOString()}::timestamptz` : sql``}
          ${filter.to ? sql`AND a.completed_at < ${filter.to.toISOString()}::timestamptz` : sql``}
          ${filter.locationId !== null ? sql`AND a.location_id = ${filter.locationId}` : sql``}
        UNION ALL`
    : sql``;
  const position = after
    ? sql`WHERE (u.us, u.src, u.id) > (${after.us}::bigint, ${after.src}::text, ${after.id}::bigint)`
    : sql``;
  const r = await db.execute<{
    us: string;
    src: 'a' | 'e';
    id: string | number;
    location_id: number | null;
    gln: string | null;
    room: string | null;
    shipment_id: number | null;
    reference: string | null;
    completed_at: string | Date | null;
    event: Record<string, unknown> | null;
  }>(sql`
    SELECT u.us::text AS us, u.src, u.id, u.location_id, u.gln, u.room, u.shipment_id, u.reference, u.completed_at,
      u.event FROM (
      ${counts}
      SELECT ${us('e.event_time')} AS us, 'e' AS src, e.id, e.location_id,
        NULL::text AS gln, NULL::text AS room, NULL::int AS shipment_id, NULL::text AS reference,
        NULL::timestamptz AS completed_at, e.event
      FROM epcis_events e
      WHERE e.company_id = ${companyId}
        ${filter.from ? sql`AND e.event_time >= ${filter.from.toISOString()}::timestamptz` : sql``}
        ${filter.to ? sql`AND e.event_time < ${filter.to.toISOString()}::timestamptz` : sql``}
        ${filter.bizStep !== null ? sql`AND e.biz_step = ${filter.bizStep}` : sql``}
        ${filter.locationId !== null ? sql`AND e.location_id = ${filter.locationId}` : sql``}
    ) u
    ${position}
    ORDER BY u.us, u.src, u.id
    LIMIT ${limit}`);
  return r.rows.map((row) => ({
    us: String(row.us),
    src: row.src,
    id: Number(row.id),
    auditLocationId: row.location_id,
    auditGln: row.gln,
    auditRoom: row.room,
    shipmentId: row.shipment_id,
    shipmentReference: row.reference,
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
    event: typeof row.event === 'string' ? JSON.parse(row.event) : row.event,
  }));
}

// --- The capture ----------------------------------------------------------------------------------------------------

/** The company's locations these GLNs and ids name: GLN -> id, and which of the ids are its own. */
export async function placesNamed(
  db: Db,
  companyId: number,
  glns: string[],
  ids: number[],
): Promise<{ byGln: Map<string, number>; ids: Set<number> }> {
  const r = await db.execute<{ id: number; gln: string | null }>(sql`
    SELECT id, gln FROM locations
    WHERE company_id = ${companyId}
      AND (gln = ANY(${sqlArray(glns, 'text')}) OR id = ANY(${sqlArray(ids, 'int')}))`);
  const byGln = new Map<string, number>();
  const own = new Set<number>();
  for (const row of r.rows) {
    own.add(row.id);
    if (row.gln) byGln.set(row.gln, row.id);
  }
  return { byGln, ids: own };
}

export type StoredEvent = {
  event_time: string;
  type: string;
  biz_step: string | null;
  event_id: string | null;
  location_id: number | null;
  event: Record<string, unknown>;
};

export async function insertCapture(db: Db, companyId: number, id: string, sentBy: string) {
  await db.execute(sql`
    INSERT INTO epcis_captures (id, company_id, sent_by) VALUES (${id}, ${companyId}, ${sentBy})`);
}

/**
 * A document's events in one statement; an eventID the company captured before (or twice in one document) is
 * stored once. Answers how many were stored.
 */
export async function insertEvents(
  db: Db,
  companyId: number,
  captureId: string,
  events: StoredEvent[],
): Promise<number> {
  if (events.length === 0) return 0;
  const r = await db.execute<{ n: number }>(sql`
    WITH stored AS (
      INSERT INTO epcis_events (company_id, capture_id, event_time, type, biz_step, event_id, location_id, event)
      SELECT ${companyId}::int, ${captureId}::uuid, r.event_time, r.type, r.biz_step, r.event_id, r.location_id, r.event
      FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
          AS (event_time timestamptz, type text, biz_step text, event_id text, location_id int, event jsonb))
        WITH ORDINALITY AS r(event_time, type, biz_step, event_id, location_id, event, ord)
      ORDER BY r.ord
      ON CONFLICT (company_id, event_id) WHERE event_id IS NOT NULL DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM stored`);
  return Number(r.rows[0]?.n ?? 0);
}

export async function finishCapture(
  db: Db,
  companyId: number,
  id: string,
  outcome: { success: boolean; eventCount: number; errors: unknown[] },
) {
  await db.execute(sql`
    UPDATE epcis_captures SET finished_at = now(), success = ${outcome.success},
      event_count = ${outcome.eventCount}, errors = ${JSON.stringify(outcome.errors)}::jsonb
    WHERE company_id = ${companyId} AND id = ${id}`);
}

export type CaptureRow = {
  id: string;
  createdAt: Date;
  finishedAt: Date | null;
  success: boolean | null;
  eventCount: number;
  errors: { type: string; title: string; status: number; detail: string }[];
};

export async function findCapture(db: Db, companyId: number, id: string): Promise<CaptureRow | undefined> {
  const r = await db.execute<{
    id: string;
    created_at: string | Date;
    finished_at: string | Date | null;
    success: boolean | null;
    event_count: number;
    errors: CaptureRow['errors'] | string;
  }>(sql`
    SELECT id, created_at, finished_at, success, event_count, errors FROM epcis_captures
    WHERE company_id = ${companyId} AND id = ${id}`);
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
    success: row.success,
    eventCount: Number(row.event_count),
    errors: typeof row.errors === 'string' ? JSON.parse(row.errors) : row.errors,
  };
}
