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
 * database on every request (with the page's rows when the matches are known, else before searching), so a change
 * made through any instance is seen by every instance at once: this in-process memory is only ever a shortcut,
 * never the truth, and a server that loses it just searches again.
 */

/** Ids kept per search, in page order: 400 pages of 50. Pages past them are searched each time. */
export const KEPT_IDS = 20_000;

type Matches = { total: number; ids: number[] };

type Caches = {
  matches: LRUCache<string, Matches>;
  /** The search version each company's counters last showed (versions only grow). */
  versions: LRUCache<number, number>;
};
const caches = new WeakMap<Db, Caches>();

function cacheFor(db: Db): Caches {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      // At most 2,000,000 ids held (about 16 MB) across 1,000 searches.
      matches: new LRUCache<string, Matches>({
        max: 1_000,
        maxSize: 2_000_000,
        sizeCalculation: (m) => m.ids.length + 1,
      }),
      versions: new LRUCache<number, number>({ max: 10_000 }),
    };
    caches.set(db, cache);
  }
  return cache;
}

const keyOf = (companyId: number, version: number, filters: TInventoryFilters, keep: number) =>
  JSON.stringify([companyId, version, filters.status ?? null, filters.search ?? '', keep]);

/** Whether the page lies within the ids kept (or the kept ids are every match). */
const covers = (m: Matches, end: number) => end <= m.ids.length || m.ids.length >= m.total;

/**
 * One page of a search: its products, how many match, and the summary counters. When the matches are remembered
 * under the version last seen, the page's rows and the counters (with the version) are read in one statement and
 * the answer stands if the version is unchanged; otherwise (or on a miss) the counters are read first, so matches
 * found after a change are never filed under the version before it.
 */
export async function searchPageCached(
  db: Db,
  companyId: number,
  filters: TInventoryFilters,
  page: { limit: number; offset: number },
  keep = KEPT_IDS,
): Promise<{ rows: Awaited<ReturnType<typeof repo.productsByIds>>; total: number; counts: repo.Summary }> {
  const cache = cacheFor(db);
  const end = page.offset + page.limit;
  const seen = cache.versions.get(companyId);
  const known = seen === undefined ? undefined : cache.matches.get(keyOf(companyId, seen, filters, keep));
  if (known && covers(known, end)) {
    const rows = await repo.productsByIds(db, companyId, known.ids.slice(page.offset, end));
    const counts = repo.summaryOfPage(rows) ?? (await repo.summary(db, companyId));
    if (counts.searchVersion === seen) return { rows, total: known.total, counts };
  }
  const counts = await repo.summary(db, companyId);
  cache.versions.set(companyId, counts.searchVersion);
  const key = keyOf(companyId, counts.searchVersion, filters, keep);
  let matches = cache.matches.get(key);
  if (!matches) {
    matches = await repo.searchMatches(db, companyId, filters, keep);
    cache.matches.set(key, matches);
  }
  if (!covers(matches, end)) {
    // Past the ids kept: search again for this page.
    return { ...(await repo.searchPage(db, companyId, filters, page)), counts };
  }
  const rows = await repo.productsByIds(db, companyId, matches.ids.slice(page.offset, end));
  return { rows, total: matches.total, counts };
}
