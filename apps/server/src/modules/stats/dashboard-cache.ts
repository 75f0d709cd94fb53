import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { type FigureName, type FigureValues, readFigures } from './dashboard.repo.ts';

/**
 * The dashboard's settled figures, remembered per company so that a view reads only what moves by itself.
 *
 * Settled (kept): the latest completed audit, the 30-day window's whole days (the audit_days rollup) and its partial
 * first day (until its oldest audit leaves the window, by the database's clock), and for a local catalogue the
 * inventory totals, the low-stock and the expiring lists. They change only when an audit completes (or
 * a completed one changes or goes) or the catalogue's stock changes, and each such statement moves the company's
 * dashboard version (triggers, migration 0030): whatever writes it (the API, an import, a count applied, a recount
 * merged, another instance, SQL by hand). They are filed under that version and the two dates they depend on.
 *
 * Live (read on every view, in the same statement as the version): devices online (a window of time), counts
 * awaiting review, the recent audits (a count in progress changes by the second and its status by the clock) and the
 * recent activity.
 *
 * The version is read from the database on every view, so a change made through any instance is seen by every
 * instance at once: this memory is a shortcut, never the truth, and a server that loses it reads everything again,
 * as the search cache (inventory-search-cache.ts) does. Built once per app (app.ts).
 */

export const LIVE_FIGURES = [
  'settled',
  'devices',
  'recentAudits',
  'recentActivity',
  'reviews',
] as const satisfies readonly FigureName[];
type LiveName = (typeof LIVE_FIGURES)[number];
export type SettledName = Exclude<FigureName, LiveName | 'window'>;

/** The settled figures of 10,000 companies (each a few kB). */
export const DASHBOARD_CACHE_BOUNDS = { companies: 10_000 };

/** `validUntil`: the database's time (epoch ms) after which the figures stop holding even under the same key. */
type Entry = { key: string; figures: unknown; validUntil: number };

/** The window's partial first day holds until its oldest audit leaves the window (stats.repo.ts). */
const validUntilOf = (figures: { firstDay?: Record<string, unknown>[] }) => {
  const until = figures.firstDay?.[0]?.valid_until_ms;
  return until === undefined || until === null ? Number.POSITIVE_INFINITY : Number(until);
};

export class DashboardCache {
  readonly #entries: LRUCache<number, Entry>;
  #hits = 0;
  #misses = 0;

  constructor(bounds = DASHBOARD_CACHE_BOUNDS) {
    this.#entries = new LRUCache({ max: bounds.companies });
  }

  /** What this instance holds and how often it answered from memory (tests read it). */
  get stats() {
    return { companies: this.#entries.size, hits: this.#hits, misses: this.#misses };
  }

  /**
   * The live figures and the `settled` ones. When settled figures are remembered for the company, the live ones are
   * read with the key, and the remembered ones stand if the key is unchanged; otherwise (or when nothing is
   * remembered) everything is read in one statement, one snapshot, and filed under the key read with it.
   */
  async read<const S extends SettledName>(
    db: Db,
    companyId: number,
    clock: AuditClock,
    settled: readonly S[],
  ): Promise<FigureValues<LiveName | S>> {
    // Which settled figures were asked for is part of the key (a point-of-sale company's inventory is not here).
    const kind = settled.join(',');
    const known = this.#entries.get(companyId);
    if (known) {
      const live = await readFigures(db, companyId, clock, LIVE_FIGURES);
      if (`${live.settled.key} ${kind}` === known.key && live.settled.nowMs <= known.validUntil) {
        this.#hits++;
        return { ...(known.figures as FigureValues<S>), ...live } as FigureValues<LiveName | S>;
      }
    }
    this.#misses++;
    const all = await readFigures(db, companyId, clock, [...LIVE_FIGURES, ...settled]);
    const figures = Object.fromEntries(settled.map((name) => [name, all[name]]));
    this.#entries.set(companyId, {
      key: `${all.settled.key} ${kind}`,
      figures,
      validUntil: validUntilOf(figures as { firstDay?: Record<string, unknown>[] }),
    });
    return all;
  }
}
