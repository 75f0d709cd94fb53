import { DUTCHIE_REPORT_LOW_STOCK_MAX, type TDutchieItem } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unnestRows } from '../../db/sql-arrays.ts';

export type PackageStockState = 'in-stock' | 'low-stock' | 'out-of-stock';

/** A package's state as the dashboard and reports count it: out at 0, low at 1 to 5 units. */
export function packageStockState(quantity: number): PackageStockState {
  if (quantity <= 0) return 'out-of-stock';
  if (quantity <= DUTCHIE_REPORT_LOW_STOCK_MAX) return 'low-stock';
  return 'in-stock';
}

type Told = { package_id: string; state: string };

/**
 * A Dutchie company's stock events from a new snapshot, written in the transaction that stores it
 * (DutchieCache's onStore, under the cache row's lock): `inventory.stock_low` / `inventory.out_of_stock` for each
 * package whose state crossed into low or out since the last snapshot told of it (dutchie_stock_states), once per
 * crossing. The first snapshot of a company (or of a replaced key) only sets what is known: the hundreds of
 * packages already low or sold out when a store connects are not news, and the dashboard lists them. A package
 * new in a later snapshot is known from then on, as a product added to the catalogue is; a package gone from the
 * snapshot is forgotten. Answers how many events were written.
 */
export async function recordSnapshotStockEvents(
  tx: Db,
  companyId: number,
  items: TDutchieItem[],
  opts: { isFirst: boolean },
): Promise<number> {
  // No row locks here: the caller holds the snapshot's cache row locked, which already puts two stores of this
  // company's snapshot one after the other (and locking every package's row would write to each of them).
  const told = await tx.execute<Told>(sql`
    select package_id, state from dutchie_stock_states where company_id = ${companyId}`);
  const before = new Map(told.rows.map((r) => [r.package_id, r.state]));
  const changed: { package_id: string; state: string }[] = [];
  const events: { type: string; payload: string }[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.packageId)) continue;
    seen.add(item.packageId);
    const state = packageStockState(item.quantity);
    const was = before.get(item.packageId);
    if (was === state) continue;
    changed.push({ package_id: item.packageId, state });
    if (opts.isFirst || was === undefined || state === 'in-stock') continue;
    events.push({
      type: state === 'out-of-stock' ? 'inventory.out_of_stock' : 'inventory.stock_low',
      payload: JSON.stringify({
        source: 'dutchie',
        package_id: item.packageId,
        sku: item.sku,
        name: item.productName,
        quantity: item.quantity,
        previous_state: was,
        low_stock_max: DUTCHIE_REPORT_LOW_STOCK_MAX,
        company_id: companyId,
      }),
    });
  }
  const gone = [...before.keys()].filter((id) => !seen.has(id));
  if (changed.length > 0) {
    await tx.execute(sql`
      insert into dutchie_stock_states (company_id, package_id, state)
      select ${companyId}::int, package_id, state from ${unnestRows(changed, { package_id: 'text', state: 'text' })}
      on conflict (company_id, package_id) do update set state = excluded.state`);
  }
  if (gone.length > 0) {
    await tx.execute(sql`
      delete from dutchie_stock_states s using ${unnestRows(
        gone.map((package_id) => ({ package_id })),
        { package_id: 'text' },
      )}
      where s.company_id = ${companyId} and s.package_id = r.package_id`);
  }
  if (events.length > 0) {
    await tx.execute(sql`
      insert into events (company_id, type, payload)
      select ${companyId}::int, type, payload::jsonb from ${unnestRows(events, { type: 'text', payload: 'text' })}
      order by ord`);
  }
  return events.length;
}
