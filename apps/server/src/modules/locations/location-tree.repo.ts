import { type SQL, sql } from 'drizzle-orm';
import { WALK_DEPTH } from './location-tree.ts';

// The one walk of a company's location tree in SQL (location-tree.ts walks it in memory by the same rules). Every
// statement that follows parent_location_id reads one of these CTEs: what counts a place counts its sub-places too (a
// store holds its floor and back room), and a location's path is its ancestors' names and its own.

/**
 * Where a walk starts: the top-level locations, every location, one (an id, or SQL giving one; null: none), or each
 * of a set (`{ among }`: SQL giving ids, a subquery or a CTE's column).
 */
export type WalkStart = 'tops' | 'every' | number | null | SQL | { among: SQL };

/**
 * The CTE `name(top, id, parent, depth, path)` for a statement that starts `with recursive`: from each starting
 * location `top`, down to every location below it (or up to every location above it), each location `id` reached
 * with its parent, its depth (the start is 1) and its path, the names joined by " > " from the highest location
 * walked ("Store > Back room"). One company's locations only; a walk stops at WALK_DEPTH locations (the tree is
 * LOCATION_DEPTH_MAX deep at most: this only stops a cycle).
 */
export function locationWalk(
  name: string,
  companyId: number | SQL,
  start: WalkStart,
  direction: 'down' | 'up' = 'down',
): SQL {
  const cid = typeof companyId === 'number' ? sql`${companyId}::int` : companyId;
  const self = sql.identifier(name);
  const from =
    start === 'tops'
      ? sql`parent_location_id is null`
      : start === 'every'
        ? sql`true`
        : start === null || typeof start === 'number'
          ? sql`id = ${start}::int`
          : 'among' in start
            ? sql`id in (${start.among})`
            : sql`id = ${start}`;
  const step =
    direction === 'down'
      ? sql`select w.top, l.id, l.parent_location_id, w.depth + 1, w.path || ' > ' || l.name
  from locations l join ${self} w on l.parent_location_id = w.id`
      : sql`select w.top, l.id, l.parent_location_id, w.depth + 1, l.name || ' > ' || w.path
  from locations l join ${self} w on l.id = w.parent`;
  return sql`${self}(top, id, parent, depth, path) as (
  select id, id, parent_location_id, 1, name::text from locations where company_id = ${cid} and ${from}
  union all
  ${step}
  where l.company_id = ${cid} and w.depth < ${sql.raw(String(WALK_DEPTH))}
)`;
}

/**
 * The CTE `scope(id, …)`: a location and every location below it, for a statement that starts `with recursive`:
 * counts, their sheets and apply, recounts and the inventory's location filter all read it. `locationId` may be SQL
 * (a subquery); null gives an empty scope.
 */
export const locationScope = (companyId: number | SQL, locationId: number | null | SQL): SQL =>
  locationWalk('scope', companyId, locationId);
