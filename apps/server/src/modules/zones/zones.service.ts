import {
  LOCATION_MESSAGES,
  type TReplenishmentResponse,
  type TWherePlace,
  type TWhereResponse,
  type ZMinimumRequest,
  type ZMovedRequest,
  ZONE_MESSAGES,
  type ZReplenishmentCsvQuery,
  type ZReplenishmentQuery,
} from '@quantics/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { lookupCode } from '../inventory/code-lookup.service.ts';
import type { CallsInFlight } from '../movements/calls-in-flight.ts';
import { personActor } from '../movements/movement-context.repo.ts';
import { applyMovements } from '../movements/movements.service.ts';
import { loadPlaces, NO_LOCATION, type Places } from './places.ts';
import * as repo from './zones.repo.ts';

const iso = (v: string | Date) => new Date(v).toISOString();

/**
 * GET /api/inventory/where?code=: the product any code names (the resolver's: SKU, GTIN, EPC, a label), and each place
 * that holds it by the stock records or where its tags were last seen, with when, by which reader and antenna. Places
 * holding units first (most first), then places where tags were only seen (latest first).
 */
export async function whereIs(
  deps: { db: Db; dutchie: DutchieContext },
  actor: AuthContext,
  code: string,
): Promise<TWhereResponse> {
  const found = await lookupCode(deps, actor, code);
  if (found.kind !== 'product' || !found.product) throw notFound(found.reason ?? ZONE_MESSAGES.codeUnknown);
  const where = await whereIsProduct(deps.db, actor.companyId, found.product.id);
  if (!where) throw notFound(ZONE_MESSAGES.codeUnknown);
  return where;
}

/**
 * Where one product of the company is (whereIs's answer), or undefined when it has no such product (Tallie): one
 * statement (repo.whereRows), places holding units first (most first), then places where tags were only seen (latest
 * first), then by path.
 */
export async function whereIsProduct(
  db: Db,
  companyId: number,
  productId: number,
): Promise<TWhereResponse | undefined> {
  const rows = await repo.whereRows(db, companyId, productId);
  const product = rows[0];
  if (!product) return undefined;
  const list: TWherePlace[] = rows
    .filter((r) => r.has_place)
    .map((r) => ({
      location_id: r.location_id,
      location: r.location ?? NO_LOCATION,
      units: Number(r.units),
      last_seen_at: r.seen_at === null ? null : iso(r.seen_at),
      device: r.device,
      antenna: r.antenna,
      tags_seen: Number(r.tags),
    }))
    .filter((p) => p.units !== 0 || p.last_seen_at !== null);
  list.sort(
    (a, b) =>
      b.units - a.units ||
      (b.last_seen_at ?? '').localeCompare(a.last_seen_at ?? '') ||
      a.location.localeCompare(b.location),
  );
  return {
    product: { id: product.id, sku: product.sku, name: product.name, gtin: product.gtin },
    places: list,
  };
}

export async function storeOf(db: Db, companyId: number, id: number) {
  const store = await repo.locationKind(db, companyId, id);
  if (!store) throw notFound(LOCATION_MESSAGES.notFound);
  if (store.kind !== 'store') throw badRequest(ZONE_MESSAGES.notAStore);
  return store;
}

/** A page's end as the client carries it: its last row's keys, opaque text checked when it comes back. */
const encodeRefillCursor = (r: repo.RefillRow) =>
  Buffer.from(JSON.stringify([Number(r.recent_sales), Number(r.missing), r.name, r.product_id])).toString(
    'base64url',
  );

function decodeRefillCursor(text: string): repo.RefillCursor {
  let keys: unknown;
  try {
    keys = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(ZONE_MESSAGES.refillCursor);
  }
  const int = (v: unknown) => Number.isSafeInteger(v) && Math.abs(v as number) <= 2_147_483_647;
  if (
    !Array.isArray(keys) ||
    keys.length !== 4 ||
    !int(keys[0]) ||
    !int(keys[1]) ||
    typeof keys[2] !== 'string' ||
    keys[2].includes('\0') ||
    !int(keys[3])
  ) {
    throw badRequest(ZONE_MESSAGES.refillCursor);
  }
  return { sales: keys[0], missing: keys[1], name: keys[2], id: keys[3] };
}

type RefillContext = { store: { id: number; name: string }; floors: number[]; places: Places };

/** The store (a 404 or 400 when the place is none), its list's rows (a page, or all) and the places to name them. */
async function refillOf(
  db: Db,
  companyId: number,
  query: { location_id: number; days: number },
  page?: repo.RefillPage,
): Promise<{ context: RefillContext; rows: repo.RefillRow[] }> {
  const store = await storeOf(db, companyId, query.location_id);
  const [rows, floors, places] = await Promise.all([
    repo.refillRows(db, companyId, query.location_id, query.days, page),
    repo.floorPlaces(db, companyId, query.location_id),
    loadPlaces(db, companyId),
  ]);
  return { context: { store: { id: query.location_id, name: store.name }, floors, places }, rows };
}

/** The answer's rows: each with its places' paths and what to move; a product with nowhere on the floor is left out. */
function refillAnswerRows(rows: repo.RefillRow[], { floors, places }: RefillContext) {
  return rows.flatMap((r) => {
    const to = r.to_location_id ?? floors[0];
    if (to === undefined) return [];
    const floor = Number(r.sales_floor);
    const min = Number(r.floor_min);
    return [
      {
        product_id: r.product_id,
        sku: r.sku,
        name: r.name,
        sales_floor: floor,
        floor_min: min,
        stockroom: Number(r.stockroom),
        to_move: Math.min(min - floor, Number(r.stockroom)),
        recent_sales: Number(r.recent_sales),
        from_location_id: r.from_location_id,
        from_location: places.path(r.from_location_id),
        to_location_id: to,
        to_location: places.path(to),
      },
    ];
  });
}

/**
 * GET /api/replenishment?location_id=<store>: a page of the store's refill list (see repo.refillRows for the rules
 * and the order), `limit` rows after `cursor`, with the next page's cursor (null on the last) and how many are left.
 */
export async function refillList(
  db: Db,
  companyId: number,
  query: z.output<typeof ZReplenishmentQuery>,
): Promise<TReplenishmentResponse> {
  const after = query.cursor === undefined ? undefined : decodeRefillCursor(query.cursor);
  // One row more than the page: whether there is a next page.
  const { context, rows } = await refillOf(db, companyId, query, { limit: query.limit + 1, after });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    store: context.store,
    days: query.days,
    rows: refillAnswerRows(page, context),
    remaining: Number(rows[0]?.remaining ?? 0),
    next_cursor: rows.length > query.limit && last ? encodeRefillCursor(last) : null,
  };
}

/** Rows a CSV chunk: the whole list is read in one statement and written out this many lines at a time. */
const CSV_CHUNK = 1000;

const REFILL_CSV_HEADER = [
  'SKU',
  'Product',
  'Sales floor',
  'Floor minimum',
  'Stockroom',
  'To move',
  'Recent sales',
  'From',
  'To',
];

/**
 * GET /api/replenishment.csv: the store's whole refill list as CSV (a byte-order mark for spreadsheets), a header and
 * one line per product in the list's order, in chunks. Checks the store before the first chunk (a 4xx, not a cut
 * stream); the file's name is the store's id and the day.
 */
export async function refillCsv(db: Db, companyId: number, query: z.output<typeof ZReplenishmentCsvQuery>) {
  const { context, rows } = await refillOf(db, companyId, query);
  async function* chunks() {
    yield `\uFEFF${toCsv([REFILL_CSV_HEADER])}`;
    for (let i = 0; i < rows.length; i += CSV_CHUNK) {
      const lines = refillAnswerRows(rows.slice(i, i + CSV_CHUNK), context).map((r) => [
        r.sku,
        r.name,
        r.sales_floor,
        r.floor_min,
        r.stockroom,
        r.to_move,
        r.recent_sales,
        r.from_location,
        r.to_location,
      ]);
      if (lines.length > 0) yield toCsv(lines);
    }
  }
  return { storeId: context.store.id, chunks: chunks() };
}

/**
 * POST /api/replenishment/moved: the person moved `quantity` from a stockroom of the store to its sales floor,
 * recorded as a transfer (transfer_out there, transfer_in here) through the movements service. The places must be a
 * stockroom and a sales floor of the store, and the stockroom must hold that much (else 400/409, nothing moved).
 */
export async function recordMoved(
  calls: CallsInFlight,
  actor: AuthContext,
  input: z.output<typeof ZMovedRequest>,
) {
  const { db } = calls;
  await storeOf(db, actor.companyId, input.location_id);
  const zones = await repo.zonesOf(db, actor.companyId, input.location_id, [
    input.from_location_id,
    input.to_location_id,
  ]);
  if (zones.get(input.from_location_id) !== 'stockroom') {
    throw badRequest('from_location_id must be a stockroom of the store');
  }
  if (zones.get(input.to_location_id) !== 'sales_floor') {
    throw badRequest('to_location_id must be a sales floor of the store');
  }
  const held = await repo.stockAt(db, actor.companyId, input.product_id, input.from_location_id);
  if (held === undefined || held <= 0) throw conflict(ZONE_MESSAGES.nothingToMove);
  if (held < input.quantity) throw conflict(`The stockroom holds only ${held}`);
  const common = { product_id: input.product_id, reference: 'Refill' };
  return applyMovements(
    calls,
    { companyId: actor.companyId, inventoryType: actor.inventoryType, actor: personActor(actor) },
    [
      {
        ...common,
        location_id: input.from_location_id,
        delta: -input.quantity,
        reason: 'transfer_out',
        index: 0,
      },
      {
        ...common,
        location_id: input.to_location_id,
        delta: input.quantity,
        reason: 'transfer_in',
        index: 1,
      },
    ],
  );
}

/**
 * PUT /api/replenishment/minimum: a place's minimum of a product (its stock row there must exist), or with no place
 * the product's floor_min (the minimum of its sales-floor places that set none).
 */
export async function setMinimum(db: Db, actor: AuthContext, input: z.output<typeof ZMinimumRequest>) {
  if (input.location_id === null) {
    if (!(await repo.setFloorMin(db, actor.companyId, input.product_id, input.min_quantity))) {
      throw notFound('Product not found');
    }
    return { success: true as const };
  }
  const ok = await repo.setRowMinimum(
    db,
    actor.companyId,
    input.product_id,
    input.location_id,
    input.min_quantity,
  );
  if (!ok) throw badRequest('The product has no stock at this location: set its floor_min instead');
  return { success: true as const };
}
