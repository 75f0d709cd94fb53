import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inCompanyDays, zoneOf } from '../../db/company-day.ts';
import { locationWalk } from '../locations/location-tree.repo.ts';

// The shrink report: the adjustments counts made, over a period, grouped. Scoped by company.

export type ShrinkGroup = 'reason' | 'location' | 'category' | 'vendor';

/** The product's home (pl) when it lies in the count's location (a) or one of its sub-locations (`under`, below). */
const countedHome = sql`case when a.location_id is null or exists (select 1 from under
    where under.top = a.location_id and under.id = p.location_id) then pl.name end`;

const GROUPS: Record<ShrinkGroup, { key: SQL; label: SQL }> = {
  reason: { key: sql`coalesce(r.code, 'NONE')`, label: sql`coalesce(r.label, 'No reason code')` },
  // Where the count changed stock: the product's home when the count covered it (the whole catalogue, or a location
  // with the home inside), else the counted room (Dutchie) or the count's location.
  location: {
    key: sql`coalesce(${countedHome}, a.room, al.name, 'No location')`,
    label: sql`coalesce(${countedHome}, a.room, al.name, 'No location')`,
  },
  category: { key: sql`coalesce(p.category, 'None')`, label: sql`coalesce(p.category, 'No category')` },
  vendor: { key: sql`coalesce(p.vendor, 'None')`, label: sql`coalesce(p.vendor, 'No vendor')` },
};

export type ShrinkRowSql = {
  grp: string;
  label: string;
  lines: number;
  units_lost: number;
  units_found: number;
  value_lost: string;
  value_found: string;
};

/**
 * Adjustments made in the company's days from `from` to `to` (both included, its time zone's): the shortage and overage lines applied to the catalogue, and a Dutchie
 * store's approved lines (entered in Dutchie from the adjustments sheet), at the unit cost they were counted with. A
 * line a recount found as expected changed nothing.
 */
export async function shrinkRows(db: Db, companyId: number, from: string, to: string, group: ShrinkGroup) {
  const g = GROUPS[group];
  const result = await db.execute<ShrinkRowSql>(sql`
    with recursive ${locationWalk('under', companyId, 'every')}
    select ${g.key} as grp, ${g.label} as label, count(*)::int as lines,
      coalesce(sum(greatest(d.expected_quantity - d.found_quantity, 0)), 0)::int as units_lost,
      coalesce(sum(greatest(d.found_quantity - d.expected_quantity, 0)), 0)::int as units_found,
      round(coalesce(sum(greatest(d.expected_quantity - d.found_quantity, 0) * d.unit_cost), 0), 2)::text as value_lost,
      round(coalesce(sum(greatest(d.found_quantity - d.expected_quantity, 0) * d.unit_cost), 0), 2)::text as value_found
    from audit_discrepancies d
    join audits a on a.company_id = d.company_id and a.id = d.audit_id
    left join reason_codes r on r.company_id = d.company_id and r.id = d.reason_code_id
    left join products p on p.company_id = d.company_id and p.id = d.product_id
    left join locations pl on pl.company_id = d.company_id and pl.id = p.location_id
    left join locations al on al.company_id = a.company_id and al.id = a.location_id
    where d.company_id = ${companyId} and d.discrepancy_type in ('shortage', 'overage')
      and d.found_quantity <> d.expected_quantity
      and (d.applied_at is not null or (a.expected_as_of is not null and d.decision = 'approve'))
      and ${inCompanyDays(sql`coalesce(d.applied_at, d.decided_at)`, from, to, zoneOf(companyId))}
    group by 1, 2
    order by sum(greatest(d.expected_quantity - d.found_quantity, 0) * d.unit_cost) desc, 1`);
  return result.rows;
}
