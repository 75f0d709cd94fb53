import {
  decodeEpc,
  earliestToday,
  epcFromRfidTag,
  GTIN_MESSAGES,
  INVENTORY_MESSAGES,
  pagination,
  rfidTagFromSku,
  skuTakenMessage,
  type TInventoryListResponse,
  type TProduct,
  type TProductInput,
  type TStockStatus,
  tagTakenMessage,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { setMovementContext } from '../movements/movement-context.repo.ts';
import { withInTransit } from '../shipments/in-transit.service.ts';
import * as repo from './inventory.repo.ts';
import type { InventoryQueries } from './inventory-search-cache.ts';
import * as stockRepo from './stock.repo.ts';
import { checkPlacement, type Placement, placement, totalOf } from './stock-placement.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findProduct>>>;

export function productView(r: Row): TProduct {
  return {
    id: r.id,
    name: r.name,
    sku: r.sku,
    rfid_tag: r.rfidTag,
    epc: r.epc,
    tag_source: r.isEpcExplicit ? 'explicit' : 'sku',
    gtin: r.gtin,
    description: r.description,
    category: r.category,
    vendor: r.vendor,
    unit_cost: Number(r.unitCost),
    retail_price: Number(r.retailPrice),
    quantity: r.quantity,
    min_stock_level: r.minStockLevel,
    location_id: r.locationId,
    location: r.location,
    stock: r.stock,
    expiration_date: r.expirationDate,
    status: r.status as TStockStatus,
    last_scanned: r.lastScanned?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export type ListQuery = {
  page: number;
  limit: number;
  search?: string;
  status?: TStockStatus;
  location_id?: number | 'none';
};

/**
 * One page of the catalogue, its pagination and the four cards. Without a search the total comes from the
 * trigger-kept counters, so neither the cards nor the page count scan a million rows.
 */
export async function listInventory(
  inventory: InventoryQueries,
  companyId: number,
  q: ListQuery,
): Promise<TInventoryListResponse> {
  const filters = { search: q.search, status: q.status };
  const offset = (q.page - 1) * q.limit;
  let counts: repo.Summary;
  let rows: (Row & { locationQuantity?: number })[];
  let totalItems: number;
  if (q.location_id !== undefined) {
    const found = await stockRepo.locationPage(inventory.reads, companyId, filters, q.location_id, {
      limit: q.limit,
      offset,
    });
    rows = found.rows;
    totalItems = found.total;
    counts = repo.summaryOfPage(found.rows) ?? (await repo.summary(inventory.reads.db, companyId));
  } else if (q.search) {
    // The counters' search version says whether these matches are already known (see the cache).
    const found = await inventory.search.page(companyId, filters, { limit: q.limit, offset });
    rows = found.rows;
    totalItems = found.total;
    counts = found.counts;
  } else {
    // Without a search the trigger-kept counters give the total; they come with the page's rows, and are read on
    // their own only when the page is empty.
    const page = await repo.listProducts(inventory.reads, companyId, q.status, q.limit, offset);
    rows = page;
    counts = repo.summaryOfPage(page) ?? (await repo.summary(inventory.reads.db, companyId));
    totalItems = repo.countForStatus(counts, q.status);
  }
  const data = rows.map((r) =>
    r.locationQuantity === undefined
      ? productView(r)
      : { ...productView(r), location_quantity: r.locationQuantity },
  );
  return {
    data: await withInTransit(inventory.reads.db, companyId, data),
    pagination: pagination(q.page, q.limit, totalItems),
    summary: {
      total: counts.total,
      inStock: counts.total - counts.lowStock - counts.outOfStock,
      lowStock: counts.lowStock,
      outOfStock: counts.outOfStock,
    },
  };
}

/** Products in the catalogue, from the trigger-kept counter (no count over a large catalogue). */
export async function productCount(db: Db, companyId: number): Promise<number> {
  return (await repo.summary(db, companyId)).total;
}

export async function getProduct(db: Db, companyId: number, id: number): Promise<TProduct> {
  const row = await repo.findProduct(db, companyId, id);
  if (!row) throw notFound(INVENTORY_MESSAGES.productNotFound);
  const [product] = await withInTransit(db, companyId, [productView(row)]);
  return product ?? productView(row);
}

/**
 * The row's values. The tag: one given explicitly (a tag the item already carries), else the product's explicit
 * one when the request leaves `epc` out, else derived from the SKU (rfid_tag shows an explicit tag's text when it
 * is readable, else its hex).
 */
function values(input: TProductInput, existing?: Pick<Row, 'epc' | 'isEpcExplicit'>): repo.ProductValues {
  const explicitEpc = input.epc === undefined ? (existing?.isEpcExplicit ? existing.epc : null) : input.epc;
  const rfidTag = explicitEpc ? (decodeEpc(explicitEpc) ?? explicitEpc) : rfidTagFromSku(input.sku);
  return {
    name: input.name,
    sku: input.sku,
    rfidTag,
    epc: explicitEpc ?? epcFromRfidTag(rfidTag),
    isEpcExplicit: explicitEpc !== null,
    gtin: input.gtin,
    description: input.description,
    category: input.category,
    vendor: input.vendor,
    unitCost: input.unit_cost.toFixed(2),
    retailPrice: input.retail_price.toFixed(2),
    minStockLevel: input.min_stock_level,
    locationId: null,
    expirationDate: input.expiration_date,
  };
}

/**
 * The rules that need the database: the location is the company's own, the SKU and its tag are free, and a
 * changed expiration date is not in the past (an unchanged one may be: an expired product can still be edited).
 */
async function check(db: Db, companyId: number, v: repo.ProductValues, p: Placement, existing?: Row) {
  await checkPlacement(db, companyId, p);
  if (
    v.expirationDate &&
    v.expirationDate < earliestToday() &&
    v.expirationDate !== existing?.expirationDate
  ) {
    throw badRequest(INVENTORY_MESSAGES.expirationInPast);
  }
  await checkClash(db, companyId, v, existing?.id);
}

async function checkClash(db: Db, companyId: number, v: repo.ProductValues, exceptId?: number) {
  const clash = await repo.findClash(db, companyId, v, exceptId);
  if (!clash) return;
  if (clash.sku === v.sku) throw conflict(skuTakenMessage(v.sku));
  if (clash.epc === v.epc) throw conflict(tagTakenMessage(v.rfidTag, clash.sku));
  if (v.gtin) throw conflict(GTIN_MESSAGES.taken(v.gtin, clash.sku));
}

/** A concurrent writer can take the SKU or delete the location between our check and our write. */
async function translateWriteErrors<T>(
  db: Db,
  companyId: number,
  v: repo.ProductValues,
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e)) {
      await checkClash(db, companyId, v);
      throw conflict(skuTakenMessage(v.sku));
    }
    if (isForeignKeyViolation(e)) throw badRequest(INVENTORY_MESSAGES.locationInvalid);
    throw e;
  }
}

export async function createProduct(db: Db, caller: Caller, input: TProductInput): Promise<TProduct> {
  const p = placement(input);
  const v = { ...values(input), locationId: p.home };
  const id = await translateWriteErrors(db, caller.companyId, v, () =>
    db.transaction(async (tx) => {
      await check(tx, caller.companyId, v, p);
      await setMovementContext(tx, { reason: 'edit', actor: caller.actor });
      const newId = await repo.insertProduct(tx, caller.companyId, v);
      await stockRepo.replaceStock(tx, caller.companyId, newId, p.rows);
      await logProduct(tx, caller, 'create', `added ${v.name}`, { sku: v.sku, quantity: totalOf(p) });
      return newId;
    }),
  );
  return getProduct(db, caller.companyId, id);
}

export async function updateProduct(
  db: Db,
  caller: Caller,
  id: number,
  input: TProductInput,
): Promise<TProduct> {
  const current = await repo.findProduct(db, caller.companyId, id);
  if (!current) throw notFound(INVENTORY_MESSAGES.productNotFound);
  const base = values(input, current);
  await translateWriteErrors(db, caller.companyId, base, () =>
    db.transaction(async (tx) => {
      // Locked: two edits of one product's places one after the other, never interleaved.
      const existing = await repo.findProduct(tx, caller.companyId, id, { lock: true });
      if (!existing) throw notFound(INVENTORY_MESSAGES.productNotFound);
      const p = placement(input, existing);
      const v = { ...base, locationId: p.home };
      await check(tx, caller.companyId, v, p, existing);
      await setMovementContext(tx, { reason: 'edit', actor: caller.actor });
      await repo.updateProduct(tx, caller.companyId, id, v);
      await stockRepo.replaceStock(tx, caller.companyId, id, p.rows);
      const total = totalOf(p);
      const change = existing.quantity === total ? '' : ` (quantity ${existing.quantity} → ${total})`;
      await logProduct(tx, caller, 'update', `updated ${v.name}${change}`, { sku: v.sku, quantity: total });
    }),
  );
  return getProduct(db, caller.companyId, id);
}

export async function deleteProduct(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await repo.findProduct(tx, caller.companyId, id);
    if (!existing) throw notFound(INVENTORY_MESSAGES.productNotFound);
    await repo.deleteProduct(tx, caller.companyId, id);
    await logProduct(tx, caller, 'delete', `deleted ${existing.name}`, existing);
  });
}

/** Inventory entries carry the SKU and quantity, which the dashboard's Recent Activity shows. */
function logProduct(
  db: Db,
  caller: Caller,
  verb: 'create' | 'update' | 'delete',
  what: string,
  product: { sku: string; quantity: number },
) {
  const performer = caller.actor;
  return recordActivity(db, {
    companyId: caller.companyId,
    performer,
    action: `inventory.${verb}`,
    type: 'inventory',
    message: `${performer.name} ${what} (SKU ${product.sku})`,
    metadata: { sku: product.sku, quantity: product.quantity },
  });
}
