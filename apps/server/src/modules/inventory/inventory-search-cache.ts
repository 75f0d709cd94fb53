import type { TInventoryFilters } from '@quantics/contracts';
import { LRUCache } from 'lru-cache';
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
 * never the truth, and a server that loses it just searches again. Built once per app (app.ts).
 */

/** Ids kept per search, in page order: 400 pages of 50. Pages past them are searched each time. */
export const KEPT_IDS = 20_000;

type Matches = { total: number; ids: number[] };

const keyOf = (companyId: number, version: number, filters: TInventoryFilters, keep: number) =>
  JSON.stringify([companyId, version, filters.status ?? null, filters.search ?? '', keep]);

/** Whether the page lies within the ids kept (or the kept ids are every match). */
const covers = (m: Matches, end: number) => end <= m.ids.length || m.ids.length >= m.total;

export type SearchPage = {
  rows: Awaited<ReturnType<typeof repo.productsByIds>>;
  total: number;
  counts: repo.Summary;
};

/** At most 2,000,000 ids held (about 16 MB) across 1,000 searches, and the versions of 10,000 companies. */
export const SEARCH_CACHE_BOUNDS = { searches: 1_000, ids: 2_000_000, companies: 10_000 };

export class InventorySearchCache {
  readonly #matches: LRUCache<string, Matches>;
  /** The search version each company's counters last showed (versions only grow). */
  readonly #versions: LRUCache<number, number>;

  constructor(
    private readonly reads: repo.InventoryReads,
    bounds = SEARCH_CACHE_BOUNDS,
  ) {
    this.#matches = new LRUCache({
      max: bounds.searches,
      maxSize: bounds.ids,
      sizeCalculation: (m) => m.ids.length + 1,
    });
    this.#versions = new LRUCache({ max: bounds.companies });
  }

  /** What this instance holds (the bounds' test reads it). */
  get size() {
    return {
      searches: this.#matches.size,
      ids: this.#matches.calculatedSize,
      companies: this.#versions.size,
    };
  }

  /**
   * One page of a search: its products, how many match, and the summary counters. When the matches are remembered
   * under the version last seen, the page's rows and the counters (with the version) are read in one statement and
   * the answer stands if the version is unchanged; otherwise (or on a miss) the counters are read first, so matches
   * found after a change are never filed under the version before it.
   */
  async page(
    companyId: number,
    filters: TInventoryFilters,
    page: { limit: number; offset: number },
    keep = KEPT_IDS,
  ): Promise<SearchPage> {
    const { reads } = this;
    const end = page.offset + page.limit;
    const seen = this.#versions.get(companyId);
    const known = seen === undefined ? undefined : this.#matches.get(keyOf(companyId, seen, filters, keep));
    if (known && covers(known, end)) {
      const rows = await repo.productsByIds(reads, companyId, known.ids.slice(page.offset, end));
      const counts = repo.summaryOfPage(rows) ?? (await repo.summary(reads.db, companyId));
      if (counts.searchVersion === seen) return { rows, total: known.total, counts };
    }
    const counts = await repo.summary(reads.db, companyId);
    this.#versions.set(companyId, counts.searchVersion);
    const key = keyOf(companyId, counts.searchVersion, filters, keep);
    let matches = this.#matches.get(key);
    if (!matches) {
      matches = await repo.searchMatches(reads.db, companyId, filters, keep);
      this.#matches.set(key, matches);
    }
    if (!covers(matches, end)) {
      // Past the ids kept: search again for this page.
      return { ...(await repo.searchPage(reads, companyId, filters, page)), counts };
    }
    const rows = await repo.productsByIds(reads, companyId, matches.ids.slice(page.offset, end));
    return { rows, total: matches.total, counts };
  }
}

/** The catalogue's reads and this instance's memory of searches: built once per app, used by every list. */
export type InventoryQueries = { reads: repo.InventoryReads; search: InventorySearchCache };

export function inventoryQueries(db: Parameters<typeof repo.prepareInventoryReads>[0]): InventoryQueries {
  const reads = repo.prepareInventoryReads(db);
  return { reads, search: new InventorySearchCache(reads) };
}
