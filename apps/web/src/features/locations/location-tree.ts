import type { TLocation } from '@quantics/contracts';
import { formatCount } from '@/lib/format';

export type TreeRow = { location: TLocation; depth: number; hasChildren: boolean };

/** Each location's direct sub-locations by parent id (null: top level), sorted by name. */
export function childrenByParent(list: TLocation[]): Map<number | null, TLocation[]> {
  const ids = new Set(list.map((l) => l.id));
  const map = new Map<number | null, TLocation[]>();
  for (const l of list) {
    // A parent missing from the list (never expected) still leaves its children reachable, at the top.
    const parent =
      l.parent_location_id !== null && ids.has(l.parent_location_id) ? l.parent_location_id : null;
    map.set(parent, [...(map.get(parent) ?? []), l]);
  }
  for (const kids of map.values()) kids.sort((a, b) => a.name.localeCompare(b.name));
  return map;
}

/** The rows on screen, depth first; the children of a collapsed location are left out. */
export function visibleRows(list: TLocation[], collapsed: ReadonlySet<number>): TreeRow[] {
  const kids = childrenByParent(list);
  const out: TreeRow[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const location of kids.get(parent) ?? []) {
      const hasChildren = (kids.get(location.id)?.length ?? 0) > 0;
      out.push({ location, depth, hasChildren });
      if (hasChildren && !collapsed.has(location.id)) walk(location.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The location and everything under it: none of them can become its parent. */
export function selfAndDescendants(list: TLocation[], id: number): Set<number> {
  const kids = childrenByParent(list);
  const out = new Set<number>([id]);
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop() as number;
    for (const child of kids.get(current) ?? []) {
      if (!out.has(child.id)) {
        out.add(child.id);
        stack.push(child.id);
      }
    }
  }
  return out;
}

/** Ids of every location that has sub-locations (for 'Collapse all'). */
export const parentIds = (list: TLocation[]): number[] => [
  ...new Set(list.map((l) => l.parent_location_id).filter((id): id is number => id !== null)),
];

export const subLocationsLabel = (n: number, none: string) =>
  n === 0 ? none : `${formatCount(n)} sub-location${n === 1 ? '' : 's'}`;
