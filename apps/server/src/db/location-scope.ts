import { type SQL, sql } from 'drizzle-orm';

/**
 * The CTE `scope(id)`: a location and every location below it, of one company, for a statement that starts
 * `with recursive`. What counts a place counts its sub-places too (a store holds its floor and back room): counts,
 * their sheets and apply, recounts and the inventory's location filter all read this one definition. `locationId` may
 * be SQL (a subquery); null gives an empty scope.
 */
export function locationScope(companyId: number | SQL, locationId: number | null | SQL): SQL {
  const cid = typeof companyId === 'number' ? sql`${companyId}::int` : companyId;
  const root = locationId === null || typeof locationId === 'number' ? sql`${locationId}::int` : locationId;
  return sql`scope(id) as (
  select id from locations where company_id = ${cid} and id = ${root}
  union all
  select l.id from locations l join scope s on l.parent_location_id = s.id where l.company_id = ${cid}
)`;
}
