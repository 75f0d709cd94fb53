import type { TInventoryFilters } from '@quantics/contracts';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import * as repo from './inventory.repo.ts';

/**
 * A search's matches, remembered so that paging through them, the 30-second refresh and the next person asking the
 * same thing read ten rows by id instead of every match again (12,500 matches of a common fragment in a million
 * products take a few hundred milliseconds to find and count; a page by id takes one).
 *
 * Each entry is filed under the company's `search_version`, which triggers on `products` move whenever a statement
 * adds or removes products or changes a name, SKU, tag or status (migration 0012). The version is read from the
 * database on every request before the search runs, so a change made through any instance is seen by every
 * instance at once: this in-process memory is only ever a shortcut, never the truth, and a server that loses it
 * just searches again.
 */

/** Ids kept per search, in page order: 400 pages of 50. Pages past them are searched each time. */
export const KEPT_IDS = 20_000;

type Matches = { total: number; ids: number[] };

const caches = new WeakMap<Db, LRUCache<string, Matches>>();

function cacheFor(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    // At most 2,000,000 ids held (about 16 MB) across 1,000 searches.
    cache = new LRUCache<string, Matches>({
      max: 1_000,
      maxSize: 2_000_000,
      sizeCalculation: (m) => m.ids.length + 1,
    });
    caches.set(db, cache);
  }
  return cache;
}

/**
 * One page of a search: its products and how many match. `searchVersion` must have been read (with the summary)
 * before this is called, so that matches found after a change are never filed under the version before it.
 */
export async function searchPageCached(
  db: Db,
  companyId: number,
  searchVersion: number,
  filters: TInventoryFilters,
  page: { limit: number; offset: number },
  keep = KEPT_IDS,
) {
  const key = JSON.stringify([companyId, searchVersion, filters.status ?? null, filters.search ?? '', keep]);
  const cache = cacheFor(db);
  let matches = cache.get(key);
  if (!matches) {
    matches = await repo.searchMatches(db, companyId, filters, keep);
    cache.set(key, matches);
  }
  const end = page.offset + page.limit;
  if (end > matches.ids.length && matches.ids.length < matches.total) {
    // Past the ids kept: search again for this page.
    return repo.searchPage(db, companyId, filters, page);
  }
  const rows = await repo.productsByIds(db, companyId, matches.ids.slice(page.offset, end));
  return { rows, total: matches.total };
}
