import type { TLocationKind } from '@quantics/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { locations, products, stock } from '../../db/schema/index.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { stockDelete, stockUpsert } from '../movements/stock-writes.repo.ts';
import { locationWalk } from './location-tree.repo.ts';

// Locations of one company; every function takes the caller's companyId and filters by it.

export type LocationRow = {
  id: number;
  name: string;
  description: string | null;
  parentLocationId: number | null;
  parentName: string | null;
  childrenCount: number;
  productCount: number;
  path: string;
  kind: TLocationKind;
  kindReviewedAt: Date | null;
  gln: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The whole tree as a flat list, each with its parent's name, direct children, the products with stock kept right
 * there (a stock row of the place, by stock_company_location_idx; a product's home alone does not count) and its
 * path from the top; sorted by path so parents come before their children.
 */
export async function listLocations(db: Db, companyId: number, id?: number): Promise<LocationRow[]> {
  const result = await db.execute<{
    id: number;
    name: string;
    description: string | null;
    parent_location_id: number | null;
    parent_name: string | null;
    children_count: number;
    product_count: number;
    path: string;
    kind: TLocationKind;
    kind_reviewed_at: string | Date | null;
    gln: string | null;
    created_at: string | Date;
    updated_at: string | Date;
  }>(sql`
    WITH RECURSIVE ${locationWalk('tree', companyId, 'tops')},
    children AS (
      SELECT parent_location_id AS id, count(*)::int AS n FROM locations
      WHERE company_id = ${companyId} AND parent_location_id IS NOT NULL GROUP BY parent_location_id
    ),
    kept AS (
      SELECT location_id AS id, count(*)::int AS n FROM ${stock}
      WHERE company_id = ${companyId} AND location_id IS NOT NULL GROUP BY location_id
    )
    SELECT l.id, l.name, l.description, l.parent_location_id, parent.name AS parent_name,
      coalesce(children.n, 0) AS children_count, coalesce(kept.n, 0) AS product_count,
      coalesce(tree.path, l.name) AS path, l.kind, l.kind_reviewed_at, l.gln, l.created_at, l.updated_at
    FROM locations l
    LEFT JOIN locations parent ON parent.company_id = l.company_id AND parent.id = l.parent_location_id
    LEFT JOIN tree ON tree.id = l.id
    LEFT JOIN children ON children.id = l.id
    LEFT JOIN kept ON kept.id = l.id
    WHERE l.company_id = ${companyId} ${id === undefined ? sql`` : sql`AND l.id = ${id}`}
    ORDER BY lower(coalesce(tree.path, l.name)), l.id
  `);
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    parentLocationId: r.parent_location_id,
    parentName: r.parent_name,
    childrenCount: Number(r.children_count),
    productCount: Number(r.product_count),
    path: r.path,
    kind: r.kind,
    kindReviewedAt: r.kind_reviewed_at === null ? null : new Date(r.kind_reviewed_at),
    gln: r.gln,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  }));
}

/** A location's place in the tree, without its figures. */
export type PlaceNode = { id: number; name: string; parentLocationId: number | null };

/** The company's locations as a bare tree (ids, names, parents): for naming a place, not for the Locations page. */
export async function placeNodes(db: Db, companyId: number): Promise<PlaceNode[]> {
  return db
    .select({ id: locations.id, name: locations.name, parentLocationId: locations.parentLocationId })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(locations.id);
}

/** Whether the company has this location (a product's or an audit's location must be the caller's own). */
export async function locationExists(db: Db, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, id)))
    .limit(1);
  return row !== undefined;
}

/** Which of these location ids are not the company's own (to refuse a request naming them). */
export async function unknownLocations(db: Db, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = await db.execute<{ id: number }>(sql`
    SELECT w.id FROM unnest(${sqlArray(ids, 'int')}) AS w(id)
    WHERE NOT EXISTS (SELECT 1 FROM ${locations} l WHERE l.company_id = ${companyId} AND l.id = w.id)`);
  return r.rows.map((row) => Number(row.id));
}

export async function findLocationRow(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, id)))
    .limit(1);
  return row;
}

/** The ids of the location's ancestors, nearest first (to refuse making a location its own descendant). */
export async function ancestorIds(db: Db, companyId: number, id: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    WITH RECURSIVE ${locationWalk('up', companyId, id, 'up')}
    SELECT id FROM up ORDER BY depth
  `);
  return result.rows.map((r) => r.id);
}

export type LocationValues = {
  name: string;
  description: string | null;
  parentLocationId: number | null;
  /** Undefined: left as it is (an update that does not name it). */
  gln?: string | null;
};

/** A place's kind as chosen: undefined leaves it as it is (an edit that does not name it). */
export type LocationKindValues = { kind?: TLocationKind; kindReviewedAt?: Date };

export async function insertLocation(db: Db, companyId: number, values: LocationValues & LocationKindValues) {
  const [row] = await db
    .insert(locations)
    .values({ companyId, ...values })
    .returning({ id: locations.id });
  if (!row) throw new Error('insert location returned nothing');
  return row.id;
}

export async function updateLocation(
  db: Db,
  companyId: number,
  id: number,
  values: LocationValues & LocationKindValues,
) {
  await db
    .update(locations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(locations.companyId, companyId), eq(locations.id, id)));
}

/** Kinds an admin confirmed, and places whose offered kind was dismissed (their kind stays): both reviewed now. */
export async function reviewKinds(
  db: Db,
  companyId: number,
  confirmed: { id: number; kind: TLocationKind }[],
  dismissed: number[],
) {
  const now = new Date();
  for (const c of confirmed) {
    await db
      .update(locations)
      .set({ kind: c.kind, kindReviewedAt: now, updatedAt: now })
      .where(and(eq(locations.companyId, companyId), eq(locations.id, c.id)));
  }
  if (dismissed.length > 0) {
    await db
      .update(locations)
      .set({ kindReviewedAt: now })
      .where(and(eq(locations.companyId, companyId), inArray(locations.id, dismissed)));
  }
}

export async function countChildren(db: Db, companyId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.parentLocationId, id)));
  return row?.n ?? 0;
}

/**
 * Before a location is deleted: the stock kept there moves to "no location" (added to what the product already has
 * there, so nothing is lost), and products whose home it was have no home. Answers how many products had stock or
 * their home there.
 */
export async function unsetProductsAt(db: Db, companyId: number, id: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    WITH gone AS (${stockDelete(companyId, sql`s.location_id = ${id}`, sql`s.product_id, s.quantity`)}),
    folded AS (${stockUpsert(
      companyId,
      sql`SELECT product_id, NULL::int AS location_id, quantity FROM gone`,
      { how: 'add' },
      sql`product_id`,
    )}),
    homeless AS (
      UPDATE ${products} SET location_id = NULL, updated_at = now()
      WHERE company_id = ${companyId} AND location_id = ${id} RETURNING id
    )
    SELECT count(*)::int AS n FROM (SELECT product_id FROM folded UNION SELECT id FROM homeless) t
  `);
  return Number(result.rows[0]?.n ?? 0);
}

export async function deleteLocation(db: Db, companyId: number, id: number) {
  await db.delete(locations).where(and(eq(locations.companyId, companyId), eq(locations.id, id)));
}
