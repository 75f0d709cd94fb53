import {
  identifyCode,
  MOVEMENT_FUTURE_MS,
  MOVEMENT_MESSAGES,
  MOVEMENTS_MAX,
  matchCode,
  movementError,
  type TCodeIdentity,
  type TInventoryType,
  type TMovementInput,
  type TMovementsResponse,
  ZMovementInput,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { isDeadlock, isUniqueViolation } from '../../lib/pg-errors.ts';
import type { CallsInFlight } from './calls-in-flight.ts';
import type { MovementActor } from './movement-context.repo.ts';
import * as repo from './movements.repo.ts';

/** Who sends movements: their company, whether it keeps its own stock, and who they are. */
export type MovementCaller = { companyId: number; inventoryType: TInventoryType; actor: MovementActor };

/** A movement as sent, checked, with where it came from (its index; a CSV's row number is index + 2). */
export type SentMovement = TMovementInput & { index: number };

/** How a bad movement is named in the 400: `movements[3].sku: ...` in a call, `Row 5, sku: ...` in a CSV file. */
export type Namer = (index: number, field: string, message: string) => string;

/** Where a request names things: its namer and the field that names a place. */
export type Naming = { name: Namer; placeField: 'location_id' | 'location' };

export const CALL_NAMING: Naming = { name: movementError, placeField: 'location_id' };

/**
 * Checks a call's movements one by one, naming the first bad one (`movements[3].delta: ...`): each is a movement by
 * ZMovementInput, names its product once, is dated at most 5 minutes ahead, and no client_id is sent twice.
 */
export function checkMovements(
  body: { movements: unknown[] },
  name: Namer = movementError,
  now = Date.now(),
): SentMovement[] {
  if (body.movements.length === 0) throw badRequest(MOVEMENT_MESSAGES.bodyInvalid);
  if (body.movements.length > MOVEMENTS_MAX) throw badRequest(MOVEMENT_MESSAGES.tooMany);
  const seen = new Set<string>();
  return body.movements.map((raw, index) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw badRequest(name(index, '', MOVEMENT_MESSAGES.movementInvalid));
    }
    const parsed = ZMovementInput.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      const message =
        issue?.code === 'unrecognized_keys'
          ? `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`
          : (issue?.message ?? MOVEMENT_MESSAGES.movementInvalid);
      throw badRequest(name(index, field, message));
    }
    // zod's output is a new object of ours: it takes its index, rather than being copied once more with it.
    const m = parsed.data as SentMovement;
    m.index = index;
    const named =
      (m.product_id !== undefined ? 1 : 0) + (m.sku !== undefined ? 1 : 0) + (m.code !== undefined ? 1 : 0);
    if (named === 0) throw badRequest(name(index, '', MOVEMENT_MESSAGES.productMissing));
    if (named > 1) throw badRequest(name(index, '', MOVEMENT_MESSAGES.productTwice));
    if (m.at !== undefined && Date.parse(m.at) > now + MOVEMENT_FUTURE_MS) {
      throw badRequest(name(index, 'at', MOVEMENT_MESSAGES.atInFuture));
    }
    if (m.client_id !== undefined) {
      if (seen.has(m.client_id)) throw badRequest(name(index, 'client_id', MOVEMENT_MESSAGES.clientIdTwice));
      seen.add(m.client_id);
    }
    return m;
  });
}

/**
 * Applies checked movements, all or none: one statement (movements.repo.ts applyMovements), its own transaction; a
 * call sharing products with calls in flight moves its own first and the shared ones after (calls-in-flight.ts). A
 * client_id already recorded is not applied again: its movement is answered as first recorded (duplicate: true). Most
 * calls carry new client ids only, so the first try does not look them up: the unique key
 * (stock_movements_client_unique) says when one was recorded before, and the call, its statement undone whole, runs
 * again looking them up. Two calls carrying one client_id at once: the second waits on the first's unique key, fails
 * when it commits, and runs again, finding it recorded. The lookups before the statement (products, places, earlier
 * movements) are reads of committed rows, as they were inside a transaction at Read Committed.
 */
export async function applyMovements(
  calls: CallsInFlight,
  caller: MovementCaller,
  sent: SentMovement[],
  naming: Naming = CALL_NAMING,
): Promise<TMovementsResponse> {
  if (caller.inventoryType === 'dutchie') throw conflict(MOVEMENT_MESSAGES.pointOfSale);
  let isFirstSeen = true;
  for (let attempt = 0; ; attempt++) {
    try {
      return await applyOnce(calls, caller, sent, naming, isFirstSeen);
    } catch (e) {
      // A client_id recorded before (or by a call running at once): again, looking them up, once more if another
      // call recorded one meanwhile. A deadlock with another writer of these stock rows (not another call of
      // movements, whose locks are ordered): once more.
      const isRecordedBefore = isUniqueViolation(e, 'stock_movements_client_unique');
      if ((isRecordedBefore && attempt < 2) || (attempt === 0 && isDeadlock(e))) {
        if (isRecordedBefore) isFirstSeen = false;
        continue;
      }
      throw e;
    }
  }
}

async function applyOnce(
  calls: CallsInFlight,
  caller: MovementCaller,
  sent: SentMovement[],
  naming: Naming,
  isFirstSeen: boolean,
): Promise<TMovementsResponse> {
  const { companyId } = caller;
  const { db } = calls;
  const clientIds = isFirstSeen ? [] : sent.flatMap((m) => (m.client_id === undefined ? [] : [m.client_id]));
  const earlier = new Map(
    (await repo.movementsByClientId(db, companyId, clientIds)).map((m) => [m.client_id, m]),
  );
  const fresh = sent.filter((m) => m.client_id === undefined || !earlier.has(m.client_id));
  const products = await resolveProducts(db, companyId, fresh, naming.name);
  const writes = await resolvePlaces(db, companyId, fresh, products, naming);
  let applied: (repo.RecordedMovement & repo.PlaceNow)[] = [];
  if (writes.length > 0) applied = await calls.apply(companyId, caller.actor, writes);
  const byIndex = new Map(fresh.map((m, i) => [m.index, applied[i]]));
  // Each movement as answered, built field by field rather than copied by rest and spread (once per movement).
  const movements = sent.map((m) => {
    const first = m.client_id === undefined ? undefined : earlier.get(m.client_id);
    const row = first ?? byIndex.get(m.index);
    if (!row) throw new Error(`movement ${m.index} was neither applied nor found`);
    return {
      index: m.index,
      duplicate: first !== undefined,
      id: row.id,
      client_id: row.client_id,
      product_id: row.product_id,
      sku: row.sku,
      location_id: row.location_id,
      delta: row.delta,
      reason: row.reason,
      at: row.at,
      quantity_after: row.quantity_after,
    };
  });
  return {
    applied: applied.length,
    duplicates: sent.length - fresh.length,
    movements,
    quantities: await quantitiesOf(db, companyId, movements, applied),
  };
}

type PlaceQuantity = TMovementsResponse['quantities'][number];

/**
 * Each place the answer's movements name, as it is now, with its product's total, in order of SKU and place. The
 * places this call moved come with the call's own statement; only a duplicate's place it did not move is read.
 */
async function quantitiesOf(
  db: Db,
  companyId: number,
  movements: { product_id: number; location_id: number | null }[],
  applied: (repo.RecordedMovement & repo.PlaceNow)[],
): Promise<PlaceQuantity[]> {
  const key = (m: { product_id: number; location_id: number | null }) => `${m.product_id}:${m.location_id}`;
  const known = new Map<string, PlaceQuantity>();
  for (const m of applied) {
    known.set(key(m), {
      product_id: m.product_id,
      sku: m.sku,
      location_id: m.location_id,
      quantity: m.place_quantity,
      total: m.total,
    });
  }
  const unread = new Map<string, { productId: number; locationId: number | null }>();
  for (const m of movements) {
    if (!known.has(key(m))) unread.set(key(m), { productId: m.product_id, locationId: m.location_id });
  }
  const read = unread.size > 0 ? await repo.quantitiesAt(db, companyId, [...unread.values()]) : [];
  return [...known.values(), ...read].sort(
    (a, b) =>
      compareText(a.sku ?? '', b.sku ?? '') ||
      (a.location_id ?? -1) - (b.location_id ?? -1) ||
      a.product_id - b.product_id,
  );
}

/** Code-point order (a SKU is upper-case ASCII as kept). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each movement's product (its id, home and places), by its product_id, SKU or code (the code's EPC, else its GTIN, else as a SKU). */
async function resolveProducts(
  db: Db,
  companyId: number,
  sent: SentMovement[],
  name: Namer,
): Promise<repo.ProductPlaces[]> {
  // A SKU sent is matched as a SKU only (upper case, as kept); a code as anything a product carries.
  const skus = new Map<number, string>();
  const codes = new Map<number, TCodeIdentity>();
  for (const m of sent) {
    if (m.sku !== undefined) skus.set(m.index, m.sku.toUpperCase());
    else if (m.code !== undefined) codes.set(m.index, identifyCode(m.code));
  }
  const found = await repo.productsByKeys(db, companyId, {
    ids: sent.flatMap((m) => (m.product_id === undefined ? [] : [m.product_id])),
    skus: [...skus.values(), ...[...codes.values()].flatMap((id) => (id.skuKey ? [id.skuKey] : []))],
    gtins: [...codes.values()].flatMap((id) => [id.gtin, id.altGtin].filter((g): g is string => g !== null)),
    epcs: [...codes.values()].flatMap((id) => (id.epc ? [id.epc] : [])),
  });
  // One set of lookups for the call, not three closures a movement.
  const lookups = {
    byEpc: (epc: string) => found.get(`epc:${epc}`),
    byGtin: (gtin: string) => found.get(`gtin:${gtin}`),
    bySku: (sku: string) => found.get(`sku:${sku}`),
  };
  return sent.map((m) => {
    const sku = skus.get(m.index);
    const product =
      m.product_id !== undefined
        ? found.get(`id:${m.product_id}`)
        : sku !== undefined
          ? found.get(`sku:${sku}`)
          : matchCode(codes.get(m.index) ?? identifyCode(''), lookups);
    if (product === undefined) {
      const field = m.product_id !== undefined ? 'product_id' : m.sku !== undefined ? 'sku' : 'code';
      throw badRequest(name(m.index, field, MOVEMENT_MESSAGES.productNotFound));
    }
    return product;
  });
}

/**
 * Each movement's place: the location sent (null: no location), checked to be the company's; without one, the
 * product's one place (its home when it has no stock row yet). A product kept in several places needs it named.
 */
async function resolvePlaces(
  db: Db,
  companyId: number,
  sent: SentMovement[],
  products: repo.ProductPlaces[],
  { name, placeField }: Naming,
): Promise<repo.MovementWrite[]> {
  const named = [...new Set(sent.flatMap((m) => (typeof m.location_id === 'number' ? [m.location_id] : [])))];
  const unknown = new Set(await repo.unknownLocations(db, companyId, named));
  return sent.map((m, i) => {
    const p = products[i] as repo.ProductPlaces;
    let locationId: number | null;
    if (m.location_id !== undefined) {
      if (m.location_id !== null && unknown.has(m.location_id)) {
        throw badRequest(name(m.index, placeField, MOVEMENT_MESSAGES.locationInvalid));
      }
      locationId = m.location_id;
    } else {
      if (p.places.length > 1) {
        const message =
          placeField === 'location' ? MOVEMENT_MESSAGES.locationNameNeeded : MOVEMENT_MESSAGES.locationNeeded;
        throw badRequest(name(m.index, placeField, message));
      }
      locationId = p.places.length === 1 ? (p.places[0] ?? null) : p.home;
    }
    return {
      productId: p.id,
      locationId,
      delta: m.delta,
      reason: m.reason,
      at: m.at ?? null,
      reference: m.reference || null,
      clientId: m.client_id ?? null,
    };
  });
}
