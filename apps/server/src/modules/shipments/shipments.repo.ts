import type { TShipmentStatus } from '@quantics/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlArray, unnestRows } from '../../db/sql-arrays.ts';

// Shipments' reads and writes. Every function takes the caller's companyId and filters by it.

export type NewShipment = {
  reference: string;
  supplier: string | null;
  sourceLocationId: number | null;
  destinationLocationId: number;
  expectedAt: string | null;
  createdBy: string;
  /** One per line: its product and its carton's SSCC (null: loose). */
  lines: { productId: number; quantity: number; sscc: string | null }[];
  ssccs: string[];
  epcs: { epc: string; gtin: string | null; serial: string | null }[];
};

/**
 * Shipments with their cartons, lines and EPCs, in four statements however many (a CSV's hundreds of references).
 * Answers each new shipment's id by reference; a reference already taken gets none (the unique index decides, whoever
 * races), and the caller refuses the lot.
 */
export async function insertShipments(tx: Db, companyId: number, list: NewShipment[]) {
  const cid = sql`${companyId}::int`;
  const made = await tx.execute<{ id: number; reference: string }>(sql`
    insert into shipments (company_id, reference, supplier, source_location_id, destination_location_id, expected_at,
      status, created_by)
    select ${cid}, reference, supplier, source_location_id, destination_location_id, expected_at, 'expected',
      created_by
    from ${unnestRows(
      list.map((s) => ({
        reference: s.reference,
        supplier: s.supplier,
        source_location_id: s.sourceLocationId,
        destination_location_id: s.destinationLocationId,
        expected_at: s.expectedAt,
        created_by: s.createdBy,
      })),
      {
        reference: 'text',
        supplier: 'text',
        source_location_id: 'int',
        destination_location_id: 'int',
        expected_at: 'timestamptz',
        created_by: 'text',
      },
    )}
    order by ord
    on conflict (company_id, reference) do nothing
    returning id, reference`);
  const ids = new Map(made.rows.map((r) => [r.reference, Number(r.id)]));
  if (ids.size < list.length) return ids;
  const ofShipment = sql`join shipments s on s.company_id = ${cid} and s.reference = r.reference`;
  const cartons = list.flatMap((s) => s.ssccs.map((sscc) => ({ reference: s.reference, sscc })));
  if (cartons.length > 0) {
    await tx.execute(sql`insert into shipment_cartons (company_id, shipment_id, sscc)
      select ${cid}, s.id, r.sscc from ${unnestRows(cartons, { reference: 'text', sscc: 'text' })} ${ofShipment}
      order by r.ord`);
  }
  const lines = list.flatMap((s) =>
    s.lines.map((l) => ({
      reference: s.reference,
      product_id: l.productId,
      quantity: l.quantity,
      sscc: l.sscc,
    })),
  );
  if (lines.length > 0) {
    await tx.execute(sql`insert into shipment_lines (company_id, shipment_id, carton_id, product_id, quantity)
      select ${cid}, s.id, c.id, r.product_id, r.quantity
      from ${unnestRows(lines, { reference: 'text', product_id: 'int', quantity: 'int', sscc: 'text' })} ${ofShipment}
      left join shipment_cartons c on c.company_id = ${cid} and c.shipment_id = s.id and c.sscc = r.sscc
      order by r.ord`);
  }
  const epcs = list.flatMap((s) => s.epcs.map((e) => ({ reference: s.reference, ...e })));
  if (epcs.length > 0) {
    await tx.execute(sql`insert into shipment_epcs (company_id, shipment_id, epc, gtin, serial)
      select ${cid}, s.id, r.epc, r.gtin, r.serial
      from ${unnestRows(epcs, { reference: 'text', epc: 'text', gtin: 'text', serial: 'text' })} ${ofShipment}
      order by r.ord`);
  }
  return ids;
}

/** The company's products a set of keys names: by upper-case SKU, GTIN-14 or EPC (matchCode chooses among them). */
export async function productsNamed(
  db: Db,
  companyId: number,
  keys: { skus: string[]; gtins: string[]; epcs: string[] },
) {
  const r = await db.execute<{ id: number; sku: string; gtin: string | null; epc: string }>(sql`
    select id, sku, gtin, epc from products where company_id = ${companyId} and (
      sku = any(${sqlArray(keys.skus, 'text')}) or gtin = any(${sqlArray(keys.gtins, 'text')})
      or epc = any(${sqlArray(keys.epcs, 'text')}))`);
  return r.rows.map((p) => ({ ...p, id: Number(p.id) }));
}

export type ShipmentRow = {
  id: number;
  reference: string;
  supplier: string | null;
  source_location_id: number | null;
  source_location: string | null;
  destination_location_id: number;
  destination_location: string | null;
  expected_at: string | null;
  status: TShipmentStatus;
  created_at: string;
  created_by: string | null;
  sent_at: string | null;
  received_at: string | null;
  receipt_audit_id: number | null;
  cartons_count: number;
  units_expected: number;
  units_received: number | null;
};

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SUMMARY = sql`s.id, s.reference, s.supplier, s.source_location_id, src.name as source_location,
  s.destination_location_id, dst.name as destination_location, ${iso(sql`s.expected_at`)} as expected_at, s.status,
  ${iso(sql`s.created_at`)} as created_at, s.created_by, ${iso(sql`s.sent_at`)} as sent_at,
  ${iso(sql`s.received_at`)} as received_at, s.receipt_audit_id,
  (select count(*) from shipment_cartons c where c.company_id = s.company_id and c.shipment_id = s.id)::int
    as cartons_count,
  (select coalesce(sum(quantity), 0) from shipment_lines l
    where l.company_id = s.company_id and l.shipment_id = s.id)::int as units_expected,
  case when s.status in ('received', 'received_with_discrepancies') then
    (select coalesce(sum(received), 0) from shipment_receipt_lines r
      where r.company_id = s.company_id and r.shipment_id = s.id and r.product_id is not null)::int end
    as units_received
  from shipments s
  left join locations src on src.company_id = s.company_id and src.id = s.source_location_id
  left join locations dst on dst.company_id = s.company_id and dst.id = s.destination_location_id`;

const numeric = (r: ShipmentRow): ShipmentRow => ({
  ...r,
  id: Number(r.id),
  source_location_id: r.source_location_id === null ? null : Number(r.source_location_id),
  destination_location_id: Number(r.destination_location_id),
  receipt_audit_id: r.receipt_audit_id === null ? null : Number(r.receipt_audit_id),
  cartons_count: Number(r.cartons_count),
  units_expected: Number(r.units_expected),
  units_received: r.units_received === null ? null : Number(r.units_received),
});

export type ShipmentFilter = {
  status?: TShipmentStatus;
  supplier?: string;
  /** The company's days, YYYY-MM-DD, both included: when the shipment was made. */
  from?: string;
  to?: string;
};

/** The company's time zone's day `day` begins at this instant. */
const dayStart = (companyId: number, day: SQL) =>
  sql`((${day})::date)::timestamp at time zone (select time_zone from companies where id = ${companyId})`;

/** The company's shipments, newest first, filtered. */
export async function listShipments(db: Db, companyId: number, f: ShipmentFilter): Promise<ShipmentRow[]> {
  const where: SQL[] = [sql`s.company_id = ${companyId}`];
  if (f.status) where.push(sql`s.status = ${f.status}`);
  if (f.supplier) where.push(sql`lower(s.supplier) = lower(${f.supplier})`);
  if (f.from) where.push(sql`s.created_at >= ${dayStart(companyId, sql`${f.from}`)}`);
  if (f.to) where.push(sql`s.created_at < ${dayStart(companyId, sql`${f.to}::date + 1`)}`);
  const r = await db.execute<ShipmentRow>(
    sql`select ${SUMMARY} where ${sql.join(where, sql` and `)} order by s.created_at desc, s.id desc limit 1000`,
  );
  return r.rows.map(numeric);
}

export async function findShipment(db: Db, companyId: number, id: number, lock = false) {
  const r = await db.execute<ShipmentRow>(
    sql`select ${SUMMARY} where s.company_id = ${companyId} and s.id = ${id}${lock ? sql` for update of s` : sql``}`,
  );
  const row = r.rows[0];
  return row ? numeric(row) : undefined;
}

/** The shipment a receipt's audit receives, if the audit is a receipt. */
export async function shipmentOfAudit(db: Db, companyId: number, auditId: number) {
  const r = await db.execute<{ id: number }>(
    sql`select id from shipments where company_id = ${companyId} and receipt_audit_id = ${auditId}`,
  );
  const row = r.rows[0];
  return row ? Number(row.id) : undefined;
}

export async function shipmentDetail(db: Db, companyId: number, id: number) {
  const [lines, cartons, epcs] = await Promise.all([
    db.execute<{ product_id: number; sku: string; name: string; quantity: number; sscc: string | null }>(sql`
      select l.product_id, p.sku, p.name, l.quantity, c.sscc from shipment_lines l
      join products p on p.company_id = l.company_id and p.id = l.product_id
      left join shipment_cartons c on c.company_id = l.company_id and c.id = l.carton_id
      where l.company_id = ${companyId} and l.shipment_id = ${id} order by l.id`),
    db.execute<{ sscc: string; received_at: string | null }>(sql`
      select sscc, ${iso(sql`received_at`)} as received_at from shipment_cartons
      where company_id = ${companyId} and shipment_id = ${id} order by id`),
    db.execute<{ epc: string; gtin: string | null; serial: string | null }>(sql`
      select epc, gtin, serial from shipment_epcs where company_id = ${companyId} and shipment_id = ${id}
      order by epc`),
  ]);
  return {
    lines: lines.rows.map((l) => ({ ...l, product_id: Number(l.product_id), quantity: Number(l.quantity) })),
    cartons: cartons.rows,
    epcs: epcs.rows,
  };
}

/** Deletes a shipment still expected (its cartons, lines and EPCs go with it); false when it is not. */
export async function deleteExpected(db: Db, companyId: number, id: number): Promise<boolean> {
  const r = await db.execute(
    sql`delete from shipments where company_id = ${companyId} and id = ${id} and status = 'expected' returning id`,
  );
  return (r.rows.length ?? 0) > 0;
}

/** The expected shipments (or being received, or in transit) a carton label belongs to, newest first. */
export async function shipmentsOfCarton(db: Db, companyId: number, sscc: string) {
  const r = await db.execute<{ id: number; reference: string; status: TShipmentStatus }>(sql`
    select s.id, s.reference, s.status from shipment_cartons c
    join shipments s on s.company_id = c.company_id and s.id = c.shipment_id
    where c.company_id = ${companyId} and c.sscc = ${sscc}
    order by (s.status in ('expected', 'in_transit', 'receiving')) desc, s.created_at desc limit 1`);
  return r.rows.map((s) => ({ ...s, id: Number(s.id) }))[0];
}

/** Units of each product on a shipment, for sending a transfer. */
export async function unitsByProduct(db: Db, companyId: number, id: number) {
  const r = await db.execute<{ product_id: number; sku: string; units: number; held: number }>(sql`
    select l.product_id, p.sku, sum(l.quantity)::int as units, coalesce(max(st.quantity), 0)::int as held
    from shipment_lines l join products p on p.company_id = l.company_id and p.id = l.product_id
    join shipments s on s.company_id = l.company_id and s.id = l.shipment_id
    left join stock st on st.company_id = l.company_id and st.product_id = l.product_id
      and st.place = coalesce(s.source_location_id, 0)
    where l.company_id = ${companyId} and l.shipment_id = ${id}
    group by l.product_id, p.sku order by l.product_id`);
  return r.rows.map((x) => ({
    ...x,
    product_id: Number(x.product_id),
    units: Number(x.units),
    held: Number(x.held),
  }));
}

export async function setStatus(
  tx: Db,
  companyId: number,
  id: number,
  status: TShipmentStatus,
  stamp?: 'sent_at' | 'received_at',
) {
  const at =
    stamp === 'sent_at'
      ? sql`, sent_at = now()`
      : stamp === 'received_at'
        ? sql`, received_at = now()`
        : sql``;
  await tx.execute(
    sql`update shipments set status = ${status}${at} where company_id = ${companyId} and id = ${id}`,
  );
}

/**
 * Links a receipt's audit to its shipment, which goes to receiving: only one still expected (or in transit) and not
 * being received, or one whose receipt's count failed (timed out: received again from the start). False when
 * another receipt took it first (the row's update decides, whoever races).
 */
export async function openReceipt(tx: Db, companyId: number, id: number, auditId: number): Promise<boolean> {
  const r = await tx.execute(sql`update shipments s set receipt_audit_id = ${auditId}, status = 'receiving'
    where s.company_id = ${companyId} and s.id = ${id} and (
      (s.receipt_audit_id is null and s.status in ('expected', 'in_transit'))
      or (s.status = 'receiving' and ${receiptFailed(sql`s`)}))
    returning s.id`);
  return r.rows.length > 0;
}

/** The shipment's receipt count failed (stored failed: the time-out sweep stores it within a minute). */
const receiptFailed = (s: SQL) => sql`exists (select 1 from audits a
  where a.company_id = ${s}.company_id and a.id = ${s}.receipt_audit_id and a.status = 'failed')`;

/** Whether the count receiving a shipment failed, so the shipment may be received again. */
export async function isReceiptFailed(db: Db, companyId: number, id: number): Promise<boolean> {
  const r = await db.execute<{ failed: boolean }>(
    sql`select ${receiptFailed(sql`s`)} as failed from shipments s where s.company_id = ${companyId} and s.id = ${id}`,
  );
  return r.rows[0]?.failed === true;
}
