import { DUTCHIE_ROOMS, type TDutchieItem } from '@quantics/contracts';
import * as repo from './dutchie-cache.repo.ts';
import type { Cached, CachePolicy } from './dutchie-cache.ts';
import { companyClient, type DutchieContext } from './dutchie-context.ts';
import { inventoryItem, roomNames } from './dutchie-mapping.ts';
import { recordSnapshotStockEvents } from './dutchie-stock-events.ts';

/** What is stored per company: every package, the store's rooms and which store the key reaches. */
export type StoredSnapshot = {
  items: TDutchieItem[];
  rooms: string[];
  location: { id: string | null; name: string | null } | null;
};

/** The snapshot as requests use it: sorted by name, indexed by package, with search text and filter choices. */
export type Snapshot = {
  items: TDutchieItem[];
  byPackage: Map<string, TDutchieItem>;
  /**
   * Columns aligned with `items`, lower-cased once so a filter is a plain comparison per package: category,
   * vendor, search text (name, SKU, package id, vendor, brand, category, strain) and the rooms as '|a|b|' (all
   * rooms listed, and only those holding units).
   */
  cols: {
    category: string[];
    vendor: string[];
    text: string[];
    roomsAll: string[];
    roomsHeld: string[];
  };
  facets: { categories: string[]; vendors: string[]; rooms: string[] };
  location: StoredSnapshot['location'];
  /** Item positions in orders other than by name, computed once per snapshot on first use. */
  orders: Map<string, Int32Array>;
  /** Recent selections (positions, before paging), so paging through one set of filters does not filter again. */
  selections: Map<string, Int32Array>;
};

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const distinct = (values: (string | null)[]) =>
  [...new Set(values.filter((v): v is string => !!v))].sort(collator.compare);

export function prepareSnapshot(stored: StoredSnapshot): Snapshot {
  const items = [...stored.items].sort(
    (a, b) => collator.compare(a.productName, b.productName) || a.packageId.localeCompare(b.packageId),
  );
  const roomsInData = distinct(items.flatMap((i) => i.rooms.map((r) => r.roomName)));
  // The spec's four rooms first, in its order, then any other room the store has.
  const known = stored.rooms.length ? stored.rooms : [...DUTCHIE_ROOMS];
  const rooms = [...new Set([...DUTCHIE_ROOMS.filter((r) => known.includes(r)), ...known, ...roomsInData])];
  return {
    items,
    byPackage: new Map(items.map((i) => [i.packageId, i])),
    cols: {
      category: items.map((i) => (i.category ?? '').toLowerCase()),
      vendor: items.map((i) => (i.vendor ?? '').toLowerCase()),
      text: items.map((i) =>
        [i.productName, i.sku, i.packageId, i.vendor, i.brandName, i.category, i.strain]
          .join(' ')
          .toLowerCase(),
      ),
      roomsAll: items.map((i) => `|${i.rooms.map((r) => r.roomName.toLowerCase()).join('|')}|`),
      roomsHeld: items.map(
        (i) =>
          `|${i.rooms
            .filter((r) => r.quantity > 0)
            .map((r) => r.roomName.toLowerCase())
            .join('|')}|`,
      ),
    },
    facets: {
      categories: distinct(items.map((i) => i.category)),
      vendors: distinct(items.map((i) => i.vendor)),
      rooms,
    },
    location: stored.location,
    orders: new Map(),
    selections: new Map(),
  };
}

/** Reads the whole inventory (one reporting call), the rooms and the key's store from Dutchie. */
async function fetchSnapshot(ctx: DutchieContext, companyId: number): Promise<StoredSnapshot> {
  const api = await companyClient(ctx, companyId);
  const [rows, rooms, whoami] = await Promise.all([
    api.inventory(),
    api.rooms().catch(() => []),
    api.whoami().catch(() => null),
  ]);
  return {
    items: rows.map(inventoryItem).filter((i): i is TDutchieItem => i !== null),
    rooms: roomNames(rooms),
    location: whoami ? { id: whoami.locationId, name: whoami.locationName } : null,
  };
}

/** How a company's inventory snapshot is cached: read again once `maxAgeMs` old; stored with its stock events. */
function snapshotPolicy(
  ctx: DutchieContext,
  companyId: number,
  maxAgeMs: number,
  force?: boolean,
): CachePolicy<StoredSnapshot, Snapshot> {
  return {
    maxAgeMs,
    force,
    fetch: () => fetchSnapshot(ctx, companyId),
    prepare: prepareSnapshot,
    // Packages crossing into low or out of stock: events in the snapshot's own transaction.
    onStore: async (tx, stored, opts) => {
      await recordSnapshotStockEvents(tx, companyId, stored.items, opts);
    },
  };
}

const inventoryKey = (companyId: number) => ({ companyId, kind: 'inventory', params: '' });

/**
 * The company's inventory as last read from Dutchie: refreshed when older than DUTCHIE_REFRESH_SECONDS, or on
 * Refresh (at most every DUTCHIE_MIN_REFRESH_SECONDS); after a failure the last good snapshot is served. Each new
 * snapshot is stored with its packages' stock events (dutchie-stock-events.ts).
 */
export async function inventorySnapshot(
  ctx: DutchieContext,
  companyId: number,
  opts: { refresh?: boolean } = {},
): Promise<Cached<Snapshot>> {
  const result = await ctx.cache.get(
    inventoryKey(companyId),
    snapshotPolicy(ctx, companyId, ctx.config.refreshSeconds * 1000, opts.refresh),
  );
  result.sync.location_name = result.value.location?.name ?? null;
  return result;
}

/** Stores read per run of the background refresh; a run that found this many goes again at once. */
export const BACKGROUND_BATCH = 5;

/**
 * Stores nobody looks at still get their stock events: the snapshots older than DUTCHIE_BACKGROUND_REFRESH_SECONDS
 * (of companies on Dutchie with a key, not backing off after a failure) are read again, the stalest first, a few
 * per run, one after another (a store's calls stay within Dutchie's rate limits: one snapshot per interval). Safe
 * with several instances: each store is read under its cache row's lease. A store whose read fails is left to its
 * backoff, so every store looked at leaves the due list. Returns how many were looked at; none when it is off.
 */
export async function refreshStoresInBackground(ctx: DutchieContext): Promise<number> {
  const everySeconds = ctx.config.backgroundRefreshSeconds ?? 0;
  if (everySeconds <= 0) return 0;
  const maxAgeMs = everySeconds * 1000;
  const due = await repo.companiesDue(ctx.db, 'inventory', maxAgeMs, BACKGROUND_BATCH);
  for (const companyId of due) {
    try {
      await ctx.cache.refreshInBackground(inventoryKey(companyId), snapshotPolicy(ctx, companyId, maxAgeMs));
    } catch (err) {
      // Not Dutchie's answer but ours (a key that no longer opens, say): left alone for a while like a failure, so
      // it does not come first in every run.
      ctx.log.error({ err, companyId }, 'background Dutchie refresh failed');
      const at = new Date();
      await repo.saveFailure(
        ctx.db,
        inventoryKey(companyId),
        'unavailable',
        at,
        new Date(at.getTime() + 600_000),
      );
    }
  }
  return due.length;
}
