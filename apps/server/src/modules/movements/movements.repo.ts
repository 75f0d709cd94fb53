import type { TMovementReason } from '@quantics/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlArray, unnestRows } from '../../db/sql-arrays.ts';
import type { MovementActor } from './movement-context.repo.ts';
import { stockUpsert } from './stock-writes.repo.ts';

// The movements API's reads and writes. Every function takes the caller's companyId and filters by it.

/** A movement ready to apply: its product and place resolved (null: the product's stock with no location). */
export type MovementWrite = {
  productId: number;
  locationId: number | null;
  delta: number;
  reason: TMovementReason;
  at: string | null;
  reference: string | null;
  clientId: string | null;
};

/** A place's quantity after a call, and its product's total. */
export type PlaceNow = { place_quantity: number; total: number };

/** A movement as recorded, as the API answers it. */
export type RecordedMovement = {
  id: number;
  client_id: string | null;
  product_id: number;
  sku: string | null;
  location_id: number | null;
  delta: number;
  reason: TMovementReason;
  at: string;
  quantity_after: number;
};

/** A movement (m) as answered, its SKU the column `sku` names. */
const recordedWith = (
  sku: SQL,
) => sql`m.id::float8 as id, m.client_id, m.product_id, ${sku} as sku, m.location_id,
  m.delta, m.reason, to_char(m.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, m.quantity_after`;
const RECORDED = recordedWith(sql`p.sku`);

/**
 * The movements already recorded under these client ids (a till sending again after a time-out): one probe of the
 * unique index on (company_id, client_id) per id sent, whatever the table's statistics say (a lateral with a limit
 * is never flattened into a join the planner could choose to run as a scan of the company's movements).
 */
export async function movementsByClientId(db: Db, companyId: number, clientIds: string[]) {
  if (clientIds.length === 0) return [];
  const r = await db.execute<RecordedMovement>(sql`
    select ${RECORDED} from unnest(${sqlArray(clientIds, 'text')}) as k(client_id)
    cross join lateral (
      select * from stock_movements m
      where m.company_id = ${companyId} and m.client_id = k.client_id and m.client_id is not null
      limit 1
    ) m
    left join products p on p.company_id = m.company_id and p.id = m.product_id`);
  return r.rows.map(numeric);
}

const PLACES = sql`id, sku, location_id as home, stock_places as places`;

/** A product a movement names: its id, SKU, home and places (its stock rows' locations, null for none). */
export type ProductPlaces = { id: number; sku: string; home: number | null; places: (number | null)[] };

/** The columns productsByKeys looks a product up by, per kind of key, with the type of its keys. */
const KEY_COLUMNS = {
  id: { kind: sql`'id'`, match: sql`id`, key: sql`id::text`, type: 'int' },
  sku: { kind: sql`'sku'`, match: sql`sku`, key: sql`sku`, type: 'text' },
  gtin: { kind: sql`'gtin'`, match: sql`gtin`, key: sql`gtin`, type: 'text' },
  epc: { kind: sql`'epc'`, match: sql`epc`, key: sql`epc`, type: 'text' },
} as const;

/**
 * The company's products by id, SKU (exact, as the catalogue keeps them), GTIN or EPC, in one query: each key's
 * product with its home and places (the places its row keeps, stock_places: 0 for "no location"). Only the kinds of
 * key sent are looked up: a till's call of SKUs is one index probe a SKU, with nothing else to plan.
 */
export async function productsByKeys(
  db: Db,
  companyId: number,
  keys: { ids: number[]; skus: string[]; gtins: string[]; epcs: string[] },
) {
  const sent = { id: keys.ids, sku: keys.skus, gtin: keys.gtins, epc: keys.epcs };
  const lookups = (Object.keys(KEY_COLUMNS) as (keyof typeof KEY_COLUMNS)[])
    .filter((kind) => sent[kind].length > 0)
    .map((kind) => {
      const { kind: label, match, key, type } = KEY_COLUMNS[kind];
      return sql`select ${label} as kind, ${key} as key, ${PLACES} from products
        where company_id = ${companyId} and ${match} = any(${sqlArray(sent[kind], type)})`;
    });
  if (lookups.length === 0) return new Map<string, ProductPlaces>();
  const r = await db.execute<{
    kind: string;
    key: string;
    id: number;
    sku: string;
    home: number | null;
    places: number[];
  }>(sql.join(lookups, sql` union all `));
  const found = new Map<string, ProductPlaces>();
  for (const row of r.rows) {
    found.set(`${row.kind}:${row.key}`, {
      id: Number(row.id),
      sku: row.sku,
      home: nullableInt(row.home),
      places: (row.places ?? []).map((place) => (Number(place) === 0 ? null : Number(place))),
    });
  }
  return found;
}

/** The statement's movement context: it writes its own movements, and (0049) maybe its products' totals later. */
const WRITTEN = JSON.stringify({ written: true });
const WRITTEN_TOTALS_LATER = JSON.stringify({ written: true, totals: 'later' });

/**
 * Applies the movements in one statement, all or none: each place's row changes by the sum of its movements (created
 * when the product had no stock there), and every movement is recorded with the row's quantity after it, in the order
 * sent. The statement says itself that it writes its own movements (`written`, local to its transaction), so the
 * stock triggers add none; they still total the products. A sale may take a place below 0: that is what the till says
 * happened, and a count sets it right. Answers the movements as recorded, in order, each with its place's quantity
 * after the call and its product's total (the answer's quantities, without reading them again).
 *
 * Run alone (`db`, not in a transaction), it is its own transaction: the stock rows it locks are released the moment
 * it ends, not after its answer has reached node and a COMMIT has come back. Calls moving the same products wait on
 * each other for that long, so it is most of what calls at once can do (docs/benchmarks.md, stock movements).
 *
 * `totalsLater` (in a transaction): the statement leaves its products' rows alone (migration 0049), and the caller
 * totals them with `restateTotals` before it commits. The answer's totals are as they will be once it has.
 */
export async function applyMovements(
  db: Db,
  companyId: number,
  actor: MovementActor,
  rows: MovementWrite[],
  { totalsLater = false }: { totalsLater?: boolean } = {},
) {
  const input = unnestRows(
    rows.map((r) => ({
      product_id: r.productId,
      location_id: r.locationId,
      delta: r.delta,
      reason: r.reason,
      at: r.at,
      reference: r.reference,
      client_id: r.clientId,
    })),
    {
      product_id: 'int',
      location_id: 'int',
      delta: 'int',
      reason: 'text',
      at: 'timestamptz',
      reference: 'text',
      client_id: 'text',
    },
    'i',
  );
  const recorded = await db.execute<RecordedMovement & PlaceNow>(sql`
    with written as materialized (select set_config('quantics.movement', ${totalsLater ? WRITTEN_TOTALS_LATER : WRITTEN}, true) as setting),
    -- Every row of the input goes through "written": it is set before the first stock row is written, whatever the
    -- plan, and so before the stock triggers run at the statement's end.
    input as (select i.* from ${input} cross join written w where w.setting is not null),
    sums as (
      select product_id, location_id, sum(delta)::int as delta from input group by product_id, location_id
    ),
    changed as (${stockUpsert(
      companyId,
      sql`select product_id, location_id, delta as quantity from sums`,
      { how: 'add' },
      sql`product_id, place, quantity`,
    )}),
    m as (
      insert into stock_movements (company_id, product_id, location_id, delta, quantity_after, reason, at,
        actor_type, actor_id, actor_name, reference, client_id)
      select ${companyId}::int, i.product_id, i.location_id, i.delta,
        c.quantity - coalesce(sum(i.delta) over (partition by i.product_id, coalesce(i.location_id, 0)
          order by i.ord desc rows between unbounded preceding and 1 preceding), 0),
        i.reason, coalesce(i.at, now()), ${actor.type}, ${actor.id}::int, ${actor.name}, i.reference, i.client_id
      from input i join changed c on c.product_id = i.product_id and c.place = coalesce(i.location_id, 0)
      order by i.ord
      returning *
    ),
    -- Each moved product's total: its places this statement changed, as changed (their rows locked, so as they are
    -- now), and its other places as its row carried them when the statement began (the stock triggers write the
    -- product after the statement). The product's row is read once for its SKU too.
    totals as (
      select c.product_id, p.sku, c.moved + coalesce((select sum(u.quantity) from unnest(p.stock_places,
        p.stock_quantities) as u(place, quantity) where u.place <> all(c.places)), 0) as total
      from (select product_id, array_agg(place) as places, sum(quantity) as moved from changed group by product_id) c
      join products p on p.company_id = ${companyId} and p.id = c.product_id
    )
    select ${recordedWith(sql`t.sku`)}, c.quantity as place_quantity, t.total::int as total
    from m
    join changed c on c.product_id = m.product_id and c.place = coalesce(m.location_id, 0)
    join totals t on t.product_id = m.product_id
    order by m.id`);
  return recorded.rows.map((r) => ({
    ...numeric(r),
    place_quantity: Number(r.place_quantity),
    total: Number(r.total),
  }));
}

/**
 * Writes the products' totals and places (stock_restate, as the stock triggers do) from places moved earlier in this
 * transaction by a statement that left them for later (`applyMovements`' totalsLater), each with its quantity now.
 */
export async function restateTotals(
  tx: Db,
  companyId: number,
  places: { productId: number; locationId: number | null; quantity: number }[],
) {
  if (places.length === 0) return;
  await tx.execute(sql`select stock_restate(array_fill(${companyId}::int, array[${places.length}::int]),
    ${sqlArray(
      places.map((p) => p.productId),
      'int',
    )}, ${sqlArray(
      places.map((p) => p.locationId ?? 0),
      'int',
    )}, ${sqlArray(
      places.map((p) => p.quantity),
      'int',
    )})`);
}

/** The places' quantities now, with their products' totals. */
export async function quantitiesAt(
  db: Db,
  companyId: number,
  places: { productId: number; locationId: number | null }[],
) {
  const r = await db.execute<{
    product_id: number;
    sku: string;
    location_id: number | null;
    quantity: number;
    total: number;
  }>(sql`
    select k.product_id, p.sku, k.location_id, coalesce(s.quantity, 0) as quantity, p.quantity as total
    from unnest(${sqlArray(
      places.map((x) => x.productId),
      'int',
    )}, ${sqlArray(
      places.map((x) => x.locationId),
      'int',
    )}) as k(product_id, location_id)
    join products p on p.company_id = ${companyId} and p.id = k.product_id
    left join stock s on s.company_id = ${companyId} and s.product_id = k.product_id
      and s.place = coalesce(k.location_id, 0)
    order by p.sku, k.location_id nulls first`);
  return r.rows.map((row) => ({
    product_id: Number(row.product_id),
    sku: row.sku,
    location_id: nullableInt(row.location_id),
    quantity: Number(row.quantity),
    total: Number(row.total),
  }));
}

const nullableInt = (v: number | string | null) => (v === null ? null : Number(v));

const numeric = (r: RecordedMovement): RecordedMovement => ({
  ...r,
  id: Number(r.id),
  product_id: Number(r.product_id),
  location_id: nullableInt(r.location_id),
  delta: Number(r.delta),
  quantity_after: Number(r.quantity_after),
});

/**
 * Which of these ids are no location of the company (locations is locations' table, read here to check a movement's
 * place: declared in architecture.test.ts; locations imports movements, so movements does not import it).
 */
export async function unknownLocations(db: Db, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = await db.execute<{ id: number }>(sql`
    SELECT w.id FROM unnest(${sqlArray(ids, 'int')}) AS w(id)
    WHERE NOT EXISTS (SELECT 1 FROM locations l WHERE l.company_id = ${companyId} AND l.id = w.id)`);
  return r.rows.map((row) => Number(row.id));
}
