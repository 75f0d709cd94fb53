import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * A receipt's figures from its count's reads: the shipment's lines (per product) against the units read, by the
 * count's rules (each distinct tag is a unit, at least one per EPC, one per distinct TID; a serialized scan is one
 * unit however often scanned; a plain scan its quantity), matched as reconciliation matches them (a tag by its EPC,
 * else its GTIN; a scan by EPC, GTIN, a UPC-E's GTIN, then SKU). Set-based: a few statements whatever the size.
 */

/** The receipt's reads as units: tag_units, scan_units (an SSCC's carton), found per product, expected per product. */
const readUnits = (cid: SQL, aid: SQL, sid: SQL) => sql`tags as (
  select upper(encode(epc, 'hex')) as epc, max(gtin) as gtin, max(decoded) as decoded,
    greatest(count(distinct tid), 1)::int as units
  from audit_reads where company_id = ${cid} and audit_id = ${aid} group by epc
),
tag_units as (
  select t.epc, t.units, coalesce(t.decoded, t.epc) as code, coalesce(pe.id, pg.id) as product_id
  from tags t
  left join products pe on pe.company_id = ${cid} and pe.epc = t.epc
  left join products pg on pe.id is null and pg.company_id = ${cid} and pg.gtin = t.gtin
),
scan_groups as (
  select key, min(code) as code, min(kind) as kind, max(epc) as epc, max(gtin) as gtin, max(alt_gtin) as alt_gtin,
    max(sku_key) as sku_key,
    case when bool_or(serialized) then 1 else sum(coalesce(quantity, 1)) end::int as units
  from audit_scans where company_id = ${cid} and audit_id = ${aid} group by key
),
scan_units as (
  select g.key, replace(g.code, chr(29), ' ') as code, g.kind, g.units,
    case when g.kind = 'sscc' then substr(g.key, 6) end as sscc,
    case when g.kind <> 'sscc' then coalesce(
      (select id from products p where p.company_id = ${cid} and p.epc = g.epc),
      (select id from products p where p.company_id = ${cid} and p.gtin = g.gtin),
      (select id from products p where p.company_id = ${cid} and p.gtin = g.alt_gtin),
      (select id from products p where p.company_id = ${cid} and p.sku = g.sku_key)) end as product_id
  from scan_groups g
),
found as (
  select product_id, sum(units)::int as units from (
    select product_id, units from tag_units union all select product_id, units from scan_units
  ) u where product_id is not null group by product_id
),
expected as (
  select product_id, sum(quantity)::int as units from shipment_lines
  where company_id = ${cid} and shipment_id = ${sid} group by product_id
)`;

/** A package label of the shipment's Metrc manifest: read, it is no unknown code (metrc/metrc-receipt.service.ts). */
const metrcLabel = (cid: SQL, sid: SQL, label: SQL) =>
  sql`select 1 from metrc_packages mp where mp.company_id = ${cid} and mp.shipment_id = ${sid} and mp.label = ${label}`;

export type ReceiptLineRow = {
  product_id: number;
  sku: string;
  name: string;
  expected: number;
  received: number;
  status: 'ok' | 'short' | 'over' | 'not_on_shipment';
};

export type ReceiptFigures = {
  lines: ReceiptLineRow[];
  unknown: { code: string; units: number }[];
  cartons: { sscc: string; received: boolean }[];
  serialsNotRead: { epc: string; gtin: string | null; serial: string | null }[];
};

/** What the receipt's count read so far against its shipment (in the caller's transaction). */
export async function receiptFigures(
  tx: Db,
  companyId: number,
  shipmentId: number,
  auditId: number,
): Promise<ReceiptFigures> {
  const cid = sql`${companyId}::int`;
  const aid = sql`${auditId}::int`;
  const sid = sql`${shipmentId}::int`;
  const r = await tx.execute<{ part: string; data: unknown }>(sql`
    with ${readUnits(cid, aid, sid)}
    select 'lines' as part, coalesce(jsonb_agg(jsonb_build_object(
        'product_id', p.id, 'sku', p.sku, 'name', p.name,
        'expected', coalesce(e.units, 0), 'received', coalesce(f.units, 0),
        'status', case when e.units is null then 'not_on_shipment' when coalesce(f.units, 0) < e.units then 'short'
          when f.units > e.units then 'over' else 'ok' end) order by e.units is null, p.sku), '[]') as data
    from expected e full join found f on f.product_id = e.product_id
    join products p on p.company_id = ${cid} and p.id = coalesce(e.product_id, f.product_id)
    union all
    select 'unknown', coalesce(jsonb_agg(jsonb_build_object('code', code, 'units', units) order by code), '[]')
    from (
      select code, units from tag_units t where product_id is null and not exists (${metrcLabel(cid, sid, sql`t.epc`)})
      union all
      select code, units from scan_units s where product_id is null and (s.sscc is null or not exists (
        select 1 from shipment_cartons c where c.company_id = ${cid} and c.shipment_id = ${sid} and c.sscc = s.sscc))
        and not exists (${metrcLabel(cid, sid, sql`upper(s.code)`)})
    ) u
    union all
    select 'cartons', coalesce(jsonb_agg(jsonb_build_object('sscc', c.sscc, 'received',
        exists (select 1 from scan_units s where s.sscc = c.sscc)
        or exists (select 1 from shipment_lines l join found f on f.product_id = l.product_id
          where l.company_id = ${cid} and l.carton_id = c.id)) order by c.id), '[]')
    from shipment_cartons c where c.company_id = ${cid} and c.shipment_id = ${sid}
    union all
    select 'serials', coalesce(jsonb_agg(jsonb_build_object('epc', e.epc, 'gtin', e.gtin, 'serial', e.serial)
        order by e.epc), '[]')
    from shipment_epcs e where e.company_id = ${cid} and e.shipment_id = ${sid}
      and not exists (select 1 from tag_units t where t.epc = e.epc)
      and not exists (select 1 from audit_scans s where s.company_id = ${cid} and s.audit_id = ${aid}
        and s.gtin = e.gtin and s.serial = e.serial)`);
  const part = (name: string) => (r.rows.find((row) => row.part === name)?.data ?? []) as never[];
  return {
    lines: part('lines') as ReceiptLineRow[],
    unknown: part('unknown'),
    cartons: part('cartons'),
    serialsNotRead: part('serials'),
  };
}
