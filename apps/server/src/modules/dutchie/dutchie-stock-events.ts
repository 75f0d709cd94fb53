import { DUTCHIE_REPORT_LOW_STOCK_MAX, type TDutchieItem, type TStockStatus } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { type NewEvent, recordEvents } from '../events/events.repo.ts';
import { forgetStates, saveStates, type ToldState, toldStates } from './dutchie-stock-events.repo.ts';

export type PackageStockState = TStockStatus;

/** A package's state as the dashboard and reports count it: out at 0, low at 1 to 5 units. */
export function packageStockState(quantity: number): PackageStockState {
  if (quantity <= 0) return 'out-of-stock';
  if (quantity <= DUTCHIE_REPORT_LOW_STOCK_MAX) return 'low-stock';
  return 'in-stock';
}

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
  const before = new Map((await toldStates(tx, companyId)).map((r) => [r.package_id, r.state]));
  const changed: ToldState[] = [];
  const events: NewEvent[] = [];
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
      payload: {
        source: 'dutchie',
        package_id: item.packageId,
        sku: item.sku,
        name: item.productName,
        quantity: item.quantity,
        previous_state: was,
        low_stock_max: DUTCHIE_REPORT_LOW_STOCK_MAX,
      },
    });
  }
  await saveStates(tx, companyId, changed);
  await forgetStates(
    tx,
    companyId,
    [...before.keys()].filter((id) => !seen.has(id)),
  );
  await recordEvents(tx, companyId, events);
  return events.length;
}
