import type { TInTransit } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/**
 * The units of `productIds` on the company's transfers sent and not yet received (status in_transit), per product and
 * shipment, oldest sent first. They have left the source (transfer_out) and are not at the destination yet, so no
 * place holds them. Read through shipments_status_idx: a company's transfers under way, whatever its history.
 */
export async function inTransitOf(
  db: Db,
  companyId: number,
  productIds: number[],
): Promise<Map<number, TInTransit[]>> {
  const map = new Map<number, TInTransit[]>();
  if (productIds.length === 0) return map;
  const r = await db.execute<{
    product_id: number;
    shipment_id: number;
    reference: string;
    from_location_id: number | null;
    from: string | null;
    to_location_id: number;
    to: string | null;
    quantity: number;
    sent_at: string | Date | null;
  }>(sql`
    select l.product_id, s.id as shipment_id, s.reference, s.source_location_id as from_location_id,
      src.name as "from", s.destination_location_id as to_location_id, dst.name as "to",
      sum(l.quantity)::int as quantity, s.sent_at
    from shipments s
    join shipment_lines l on l.company_id = s.company_id and l.shipment_id = s.id
    left join locations src on src.company_id = s.company_id and src.id = s.source_location_id
    left join locations dst on dst.company_id = s.company_id and dst.id = s.destination_location_id
    where s.company_id = ${companyId} and s.status = 'in_transit'
      and l.product_id = any(${sqlArray(productIds, 'int')})
    group by l.product_id, s.company_id, s.id, src.name, dst.name
    order by s.sent_at nulls last, s.id`);
  for (const row of r.rows) {
    const id = Number(row.product_id);
    const list = map.get(id) ?? [];
    list.push({
      shipment_id: Number(row.shipment_id),
      reference: row.reference,
      from_location_id: row.from_location_id === null ? null : Number(row.from_location_id),
      from: row.from,
      to_location_id: Number(row.to_location_id),
      to: row.to,
      quantity: Number(row.quantity),
      sent_at: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    });
    map.set(id, list);
  }
  return map;
}
