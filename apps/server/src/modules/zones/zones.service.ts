import {
  LOCATION_MESSAGES,
  type TReplenishmentResponse,
  type TWherePlace,
  type TWhereResponse,
  type ZMinimumRequest,
  type ZMovedRequest,
  ZONE_MESSAGES,
  type ZReplenishmentQuery,
} from '@quantics/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { lookupCode } from '../inventory/code-lookup.service.ts';
import { personActor } from '../movements/movement-context.repo.ts';
import { applyMovements } from '../movements/movements.service.ts';
import { loadPlaces } from './places.ts';
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

/** Where one product of the company is (whereIs's answer), or undefined when it has no such product (Tallie). */
export async function whereIsProduct(
  db: Db,
  companyId: number,
  productId: number,
): Promise<TWhereResponse | undefined> {
  const product = await repo.productOf(db, companyId, productId);
  if (!product) return undefined;
  const [rows, seen, places] = await Promise.all([
    repo.stockOf(db, companyId, product.id),
    repo.seenAtPlaces(db, companyId, product.gtin, product.epc),
    loadPlaces(db, companyId),
  ]);
  const byPlace = new Map<number | null, TWherePlace>();
  const placeOf = (id: number | null): TWherePlace => {
    let p = byPlace.get(id);
    if (!p) {
      p = {
        location_id: id,
        location: places.path(id),
        units: 0,
        last_seen_at: null,
        device: null,
        antenna: null,
        tags_seen: 0,
      };
      byPlace.set(id, p);
    }
    return p;
  };
  for (const r of rows) placeOf(r.locationId).units += r.quantity;
  for (const s of seen) {
    // A place deleted since the tag was seen there is left out.
    if (s.location_id !== null && !places.nodes.has(s.location_id)) continue;
    Object.assign(placeOf(s.location_id), {
      last_seen_at: iso(s.seen_at),
      device: s.device,
      antenna: s.antenna,
      tags_seen: Number(s.tags),
    });
  }
  const list = [...byPlace.values()].filter((p) => p.units !== 0 || p.last_seen_at !== null);
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

/** GET /api/replenishment?location_id=<store>: the store's refill list (see repo.refillRows for the rules). */
export async function refillList(
  db: Db,
  companyId: number,
  query: z.output<typeof ZReplenishmentQuery>,
): Promise<TReplenishmentResponse> {
  const store = await storeOf(db, companyId, query.location_id);
  const [rows, floors, places] = await Promise.all([
    repo.refillRows(db, companyId, query.location_id, query.days),
    repo.floorPlaces(db, companyId, query.location_id),
    loadPlaces(db, companyId),
  ]);
  return {
    store: { id: query.location_id, name: store.name },
    days: query.days,
    rows: rows.flatMap((r) => {
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
    }),
  };
}

/** The refill list as CSV (a byte-order mark for spreadsheets): a header and one line per product, in order. */
export function refillCsv(list: TReplenishmentResponse): string {
  const header = [
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
  const lines = list.rows.map((r) => [
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
  return `\uFEFF${toCsv([header, ...lines])}`;
}

/**
 * POST /api/replenishment/moved: the person moved `quantity` from a stockroom of the store to its sales floor,
 * recorded as a transfer (transfer_out there, transfer_in here) through the movements service. The places must be a
 * stockroom and a sales floor of the store, and the stockroom must hold that much (else 400/409, nothing moved).
 */
export async function recordMoved(db: Db, actor: AuthContext, input: z.output<typeof ZMovedRequest>) {
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
    db,
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
