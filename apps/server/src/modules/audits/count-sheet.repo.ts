import { and, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditParticipants, audits } from '../../db/schema/index.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { locationScope } from '../locations/location-tree.repo.ts';
import { movedJson, movedSoFar } from './live-expected.repo.ts';

// What the Count screen counts against: the reader's own audit (or one it joined) and the items a tag read there could match.

export async function findDeviceAudit(db: Db, companyId: number, deviceId: number, auditId: number) {
  const [row] = await db
    .select({ locationId: audits.locationId, expectedAsOf: audits.expectedAsOf, recountOf: audits.recountOf })
    .from(audits)
    .where(
      and(
        eq(audits.companyId, companyId),
        eq(audits.id, auditId),
        // The reader that started it, or one that joined it (a team count, issue 49).
        or(
          eq(audits.deviceId, deviceId),
          exists(
            db
              .select({ one: sql`1` })
              .from(auditParticipants)
              .where(
                and(
                  eq(auditParticipants.companyId, companyId),
                  eq(auditParticipants.auditId, auditId),
                  eq(auditParticipants.deviceId, deviceId),
                ),
              ),
          ),
        ),
      ),
    )
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
  /** movedJson's object, for a product in scope that moved during the count; else null. */
  moved?: unknown;
};

/** Only the items some of these keys name (a lookup of what was read); null: every item. */
export type SheetKeys = { epcs: string[]; gtins: string[]; skus: string[] };

/**
 * The audit's scope by the rule reconciliation uses (reconcile-catalogue.repo.ts): at a location, a product is in
 * scope when it has a stock row in the location or one of its sub-locations, expected at the sum of those rows;
 * without a location every product is, at its total. A recount's (recountId) are only the products it counts again.
 * `scope` is the recursive CTE the statements below start with; `held(where)` sums the rows in scope per product
 * (expected, and the places' names a recount's list shows), a recount's products' only.
 */
function catalogueScope(companyId: number, locationId: number | null, recountId: number | null) {
  const cid = sql`${companyId}::int`;
  const recounted = (id: SQL) =>
    recountId === null
      ? sql`true`
      : sql`${id} in (select product_id from audit_discrepancies
          where company_id = ${cid} and recount_audit_id = ${recountId}::int)`;
  const scope = sql`with recursive ${locationScope(cid, locationId)}`;
  const inLocation = locationId === null ? sql`true` : sql`s.location_id in (select id from scope)`;
  const held = (where: SQL) => sql`(
      select s.product_id, sum(s.quantity)::int as expected, string_agg(l.name, ', ' order by l.name) as places
      from stock s left join locations l on l.company_id = s.company_id and l.id = s.location_id
      where s.company_id = ${cid} and ${inLocation} and ${recounted(sql`s.product_id`)} and ${where}
      group by s.product_id
    )`;
  const inScope =
    locationId === null ? recounted(sql`p.id`) : sql`(h.expected is not null and ${recounted(sql`p.id`)})`;
  const expected = locationId === null ? sql`p.quantity` : sql`h.expected`;
  return { scope, held, inScope, expected, recounted, cid };
}

/**
 * Every catalogue product with its place against the audit's scope (catalogueScope): the others are misplaced when
 * read here. In a trading store a product in scope is expected as the reconciliation will have it (live-expected.repo.ts):
 * what its places hold now less what moved there after its first read in this count, with what moved (`moved`). `only`: just the products these EPCs, GTINs and SKUs name (the sheet's lookup; the unique indexes).
 */
export async function catalogueSheet(
  db: Db,
  companyId: number,
  auditId: number,
  locationId: number | null,
  recountId: number | null = null,
  only: SheetKeys | null = null,
  isInScopeOnly = false,
) {
  const place = catalogueScope(companyId, locationId, recountId);
  const { scope, held, recounted, cid } = place;
  // A product that moved in the counted places during the count is in scope, even with no row there now (as the
  // reconciliation's held has it).
  const inScope =
    locationId === null
      ? place.inScope
      : sql`((h.expected is not null or mp.product_id is not null) and ${recounted(sql`p.id`)})`;
  const expected = locationId === null ? place.expected : sql`coalesce(h.expected, 0)`;
  // The count's own id (a recount's is recountId): what moved since it started, for expected as of each first read.
  const aid = sql`${auditId}::int`;
  const scoped = isInScopeOnly ? sql`and ${inScope}` : sql``;
  const named = only
    ? sql`and (p.epc = any(${sqlArray(only.epcs, 'text')}) or p.gtin = any(${sqlArray(only.gtins, 'text')})
        or p.sku = any(${sqlArray(only.skus, 'text')}))`
    : sql``;
  // A lookup names a few products of a million: their rows through the stock key, product by product. A sheet
  // sums the rows in scope once (driving from them when only those in scope are asked for); a whole-catalogue count
  // needs no rows but a recount's places.
  const rows =
    locationId === null && recountId === null
      ? sql`cross join (select null::int as expected, null::text as places) h`
      : only
        ? sql`left join lateral ${held(sql`s.product_id = p.id`)} h on true`
        : sql`${isInScopeOnly && locationId !== null ? sql`` : sql`left`} join ${held(sql`true`)} h
            on h.product_id = p.id`;
  const result = await db.execute<SheetRow>(sql`
    ${scope},
    ${movedSoFar(cid, aid, locationId)}
    select p.epc, p.name, p.sku,
      case when ${inScope} then ${expected} - coalesce(mp.after_read, 0) else 0 end::int as expected,
      ${inScope} as in_scope, p.gtin, case when ${inScope} and mp.product_id is not null then ${movedJson} end as moved${
        // A recount's short list names where each product is kept in the place recounted.
        recountId === null ? sql`` : sql`, h.places as location`
      }${
        // A lookup at a location says where a product read here but kept elsewhere is kept (a few products).
        only && locationId !== null
          ? sql`, case when not ${inScope} then ${keptAt(sql`p`)} end as belongs`
          : sql``
      }
    from products p ${rows} left join moved_products mp on mp.product_id = p.id
    where p.company_id = ${companyId}::int ${named} ${scoped}`);
  return result.rows;
}

/**
 * The places a product is kept, by name, each name once (a chain has an "Aisle 3" in every store), "no location" for
 * stock kept nowhere in particular: for a misplaced read.
 */
const keptAt = (
  p: SQL,
) => sql`(select string_agg(coalesce(k.name, 'no location'), ', ' order by k.name nulls last)
  from (select distinct l.name
    from stock s left join locations l on l.company_id = s.company_id and l.id = s.location_id
    where s.company_id = ${p}.company_id and s.product_id = ${p}.id) k)`;

/** The units expected in the audit's scope (the sheet's tags_expected without its items). */
export async function catalogueExpected(
  db: Db,
  companyId: number,
  locationId: number | null,
  recountId: number | null = null,
) {
  const { scope, inScope, recounted, cid } = catalogueScope(companyId, locationId, recountId);
  const result = await db.execute<{ expected: number }>(
    locationId === null
      ? sql`select coalesce(sum(p.quantity), 0)::int as expected
          from products p where p.company_id = ${cid} and ${inScope}`
      : sql`${scope}
          select coalesce(sum(s.quantity), 0)::int as expected from stock s
          where s.company_id = ${cid} and s.location_id in (select id from scope) and ${recounted(sql`s.product_id`)}`,
  );
  return Number(result.rows[0]?.expected ?? 0);
}

/** A point-of-sale audit's own copy of the Dutchie packages (audit_expected), as reconciliation reads it. */
export async function snapshotSheet(
  db: Db,
  companyId: number,
  auditId: number,
  only: SheetKeys | null = null,
  isInScopeOnly = false,
) {
  const scoped = isInScopeOnly ? sql`and in_scope` : sql``;
  const named = only
    ? sql`and (epc = any(${sqlArray(only.epcs, 'text')}) or upper(package_id) = any(${sqlArray(only.skus, 'text')}))`
    : sql``;
  const result = await db.execute<SheetRow>(sql`
    select epc, name, package_id as sku, expected, in_scope, null::text as gtin, is_package, units, belongs
    from audit_expected
    where company_id = ${companyId}::int and audit_id = ${auditId}::int ${named} ${scoped}`);
  return result.rows;
}

/** A point-of-sale audit's totals: units expected in scope and its packages (Metrc labels) in scope. */
export async function snapshotTotals(db: Db, companyId: number, auditId: number) {
  const result = await db.execute<{ expected: number; packages: number }>(sql`
    select coalesce(sum(expected) filter (where in_scope), 0)::int as expected,
      (count(*) filter (where in_scope and is_package))::int as packages
    from audit_expected
    where company_id = ${companyId}::int and audit_id = ${auditId}::int`);
  const row = result.rows[0];
  return { expected: Number(row?.expected ?? 0), packages: Number(row?.packages ?? 0) };
}
