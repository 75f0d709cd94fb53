/**
 * The company's location tree in memory, walked one way wherever a service has its locations in hand (Tallie's
 * places, count plans' paths and coverage); the SQL statements walk it with location-tree.repo.ts's locationWalk,
 * by the same rules: a location's path is its ancestors' names and its own, joined by " > "; what is at a place is at
 * its sub-places too; a walk up stops at a parent the company does not have, and at WALK_DEPTH locations (the tree
 * is at most LOCATION_DEPTH_MAX deep: this only stops a cycle).
 */

/** A location as the walks need it (locations.repo's PlaceNode has these). */
export type TreeNode = { id: number; name: string; parentLocationId: number | null };

/** The most locations a walk goes through, the start included (as locationWalk's depth). */
export const WALK_DEPTH = 100;

export type LocationTree<T extends TreeNode> = {
  /** The location with this id (undefined: not the company's). */
  get: (id: number) => T | undefined;
  /** The locations above this one, nearest first (not itself). */
  ancestors: (id: number) => T[];
  /** "Store B > Back room": its ancestors' names from the top, then its own ('' for an unknown id). */
  path: (id: number) => string;
  /** These locations and every location below them. */
  below: (ids: Iterable<number>) => Set<number>;
};

/** The tree of `nodes` (one company's locations), to walk up and down. */
export function locationTree<T extends TreeNode>(nodes: readonly T[]): LocationTree<T> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<number, number[]>();
  for (const n of nodes) {
    if (n.parentLocationId === null) continue;
    const siblings = children.get(n.parentLocationId);
    if (siblings) siblings.push(n.id);
    else children.set(n.parentLocationId, [n.id]);
  }
  const ancestors = (id: number): T[] => {
    const up: T[] = [];
    let parent = byId.get(id)?.parentLocationId ?? null;
    while (parent !== null && up.length < WALK_DEPTH - 1) {
      const node = byId.get(parent);
      if (!node) break;
      up.push(node);
      parent = node.parentLocationId;
    }
    return up;
  };
  const path = (id: number): string => {
    const node = byId.get(id);
    if (!node) return '';
    return [...ancestors(id).reverse(), node].map((n) => n.name).join(' > ');
  };
  const below = (ids: Iterable<number>): Set<number> => {
    const found = new Set(ids);
    const queue = [...found];
    for (let i = 0; i < queue.length; i++) {
      for (const child of children.get(queue[i] as number) ?? []) {
        if (found.has(child)) continue;
        found.add(child);
        queue.push(child);
      }
    }
    return found;
  };
  return { get: (id) => byId.get(id), ancestors, path, below };
}
