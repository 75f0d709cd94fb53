import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audits } from '../../db/schema/index.ts';

// What the Count screen counts against: the reader's own audit and the items a tag read there could match.

export async function findDeviceAudit(db: Db, companyId: number, deviceId: number, auditId: number) {
  const [row] = await db
    .select({ locationId: audits.locationId, expectedAsOf: audits.expectedAsOf, recountOf: audits.recountOf })
    .from(audits)
    .where(and(eq(audits.companyId, companyId), eq(audits.deviceId, deviceId), eq(audits.id, auditId)))
    .limit(1);
  return row;
}

export type SheetRow = {
  epc: string;
  name: string;
  sku: string;
  expected: number;
  in_scope: boolean;
  gtin: string | null;
  is_package?: boolean;
  units?: number;
  belongs?: string | null;
  location?: string | null;
};

/**
 * Every catalogue product with its place against the audit's scope, by the rule reconciliation uses: in scope are
 * the products of the location and all its sub-locations (every product without a location); the others are
 * misplaced when read here. A recount's (recountId) are only the products it counts again.
 */
export async function catalogueSheet(
  db: Db,
  companyId: number,
  locationId: number | null,
  recountId: number | null = null,
) {
  const inLocation = locationId === null ? sql`true` : sql`p.location_id in (select id from scope)`;
  // A recount's short list: only the products of the lines it counts again.
  const inScope =
    recountId === null
      ? inLocation
      : sql`${inLocation} and p.id in (select product_id from audit_discrepancies
          where company_id = ${companyId}::int and recount_audit_id = ${recountId}::int)`;
  const result = await db.execute<SheetRow>(sql`
    with recursive scope(id) as (
      select id from locations where company_id = ${companyId}::int and id = ${locationId}::int
      union all
      select l.id from locations l join scope s on l.parent_location_id = s.id where l.company_id = ${companyId}::int
    )
    select p.epc, p.name, p.sku, case when ${inScope} then p.quantity else 0 end::int as expected,
      coalesce(${inScope}, false) as in_scope, p.gtin${
        recountId === null
          ? sql``
          : sql`, (select l.name from locations l where l.company_id = p.company_id and l.id = p.location_id)
              as location`
      }
    from products p where p.company_id = ${companyId}::int`);
  return result.rows;
}

/** A point-of-sale audit's own copy of the Dutchie packages (audit_expected), as reconciliation reads it. */
export async function snapshotSheet(db: Db, companyId: number, auditId: number) {
  const result = await db.execute<SheetRow>(sql`
    select epc, name, package_id as sku, expected, in_scope, null::text as gtin, is_package, units, belongs
    from audit_expected
    where company_id = ${companyId}::int and audit_id = ${auditId}::int`);
  return result.rows;
}
