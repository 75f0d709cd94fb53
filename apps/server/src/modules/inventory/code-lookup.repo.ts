import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { StockRowView } from './inventory.repo.ts';

/**
 * A looked-up product's stock rows, by place name (no location last, as the inventory answers them), read by
 * stock_pkey: where its units are.
 */
export async function stockRowsOf(db: Db, companyId: number, productId: number): Promise<StockRowView[]> {
  const r = await db.execute<{ location_id: number | null; location: string | null; quantity: number }>(sql`
    SELECT s.location_id, l.name AS location, s.quantity FROM stock s
    LEFT JOIN locations l ON l.company_id = s.company_id AND l.id = s.location_id
    WHERE s.company_id = ${companyId} AND s.product_id = ${productId}
    ORDER BY l.name NULLS LAST, s.place`);
  return r.rows.map((row) => ({
    location_id: row.location_id === null ? null : Number(row.location_id),
    location: row.location,
    quantity: Number(row.quantity),
  }));
}
