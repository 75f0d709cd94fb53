import type { TDutchieItem } from '@quantics/contracts';
import type { Snapshot } from './dutchie-snapshot.ts';

export type Selection = {
  includeZero: boolean;
  search?: string;
  category?: string;
  vendor?: string;
  room?: string;
  sort: 'name' | 'quantity' | 'expiration';
};

const SELECTIONS_MAX = 64;
/** 'all' (or nothing) means no filter, as the screen's selects send it. */
const chosen = (v: string | undefined) => (v && v.toLowerCase() !== 'all' ? v.toLowerCase() : undefined);

/** Positions of the items in the requested order (by name: the snapshot's own order). */
function order(snapshot: Snapshot, sort: Selection['sort']): Int32Array | null {
  if (sort === 'name') return null;
  let positions = snapshot.orders.get(sort);
  if (!positions) {
    const items = snapshot.items;
    const idx = Array.from(items.keys());
    // Stable sorts over the name order, so ties stay alphabetical.
    if (sort === 'quantity') idx.sort((a, b) => (items[a]?.quantity ?? 0) - (items[b]?.quantity ?? 0));
    else {
      const day = (i: number) => items[i]?.expirationDate ?? '9999-12-31';
      idx.sort((a, b) => day(a).localeCompare(day(b)));
    }
    positions = Int32Array.from(idx);
    snapshot.orders.set(sort, positions);
  }
  return positions;
}

/**
 * The positions (in `snapshot.items`) a set of filters selects, in the requested order, before paging. Filters
 * compare pre-lower-cased columns; the answer is kept for the snapshot's life (a few dozen recent ones), so
 * turning pages costs only the slice.
 */
export function selectPositions(snapshot: Snapshot, q: Selection): Int32Array {
  const category = chosen(q.category);
  const vendor = chosen(q.vendor);
  const room = chosen(q.room);
  const terms = (q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const key = JSON.stringify([q.includeZero, category, vendor, room, terms, q.sort]);
  const known = snapshot.selections.get(key);
  if (known) return known;

  const { cols, items } = snapshot;
  const rooms = q.includeZero ? cols.roomsAll : cols.roomsHeld;
  const roomNeedle = room ? `|${room}|` : '';
  const positions = order(snapshot, q.sort);
  const out: number[] = [];
  for (let k = 0; k < items.length; k++) {
    const i = positions ? (positions[k] as number) : k;
    if (!q.includeZero && (items[i]?.quantity ?? 0) <= 0) continue;
    if (category && cols.category[i] !== category) continue;
    if (vendor && cols.vendor[i] !== vendor) continue;
    if (room && !rooms[i]?.includes(roomNeedle)) continue;
    if (terms.length) {
      const text = cols.text[i] ?? '';
      if (!terms.every((t) => text.includes(t))) continue;
    }
    out.push(i);
  }
  const result = Int32Array.from(out);
  if (snapshot.selections.size >= SELECTIONS_MAX) {
    const oldest = snapshot.selections.keys().next().value;
    if (oldest !== undefined) snapshot.selections.delete(oldest);
  }
  snapshot.selections.set(key, result);
  return result;
}

/** One page of a selection; `desc` reads it from the end. */
export function pageOf(
  snapshot: Snapshot,
  positions: Int32Array,
  opts: { offset: number; limit: number; isDescending: boolean },
): TDutchieItem[] {
  const out: TDutchieItem[] = [];
  const n = positions.length;
  for (let j = opts.offset; j < Math.min(n, opts.offset + opts.limit); j++) {
    const at = opts.isDescending ? n - 1 - j : j;
    const item = snapshot.items[positions[at] as number];
    if (item) out.push(item);
  }
  return out;
}
