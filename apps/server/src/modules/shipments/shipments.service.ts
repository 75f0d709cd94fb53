import {
  decodeTag,
  identifyCode,
  matchCode,
  normalizeGtin,
  SHIPMENT_MESSAGES,
  type TCreateShipmentRequest,
  type TShipment,
  type TShipmentLineInput,
  type TShipmentSummary,
  type TShipmentsQuery,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { Caller } from '../../lib/request-context.ts';
import { unknownLocations } from '../locations/locations.service.ts';
import { metrcShipment } from '../metrc/metrc-receipt.service.ts';
import { changeStockAt } from '../movements/movement-context.repo.ts';
import { receiptView } from './receipt.service.ts';
import * as repo from './shipments.repo.ts';

/** A line as sent, with where it is in the request (its path for a 400) and its carton. */
type PlacedLine = TShipmentLineInput & { at: string; sscc: string | null };

/** How a bad line is named: `cartons[1].lines[0].sku: ...` in a call, `Row 5, sku: ...` in a CSV. */
export type LineNamer = (at: string, field: string, message: string) => string;
const callNamer: LineNamer = (at, field, message) => `${at}.${field}: ${message}`;

/** A shipment to make as sent, and how its bad lines are named (a call's paths by default, a CSV's rows). */
export type ShipmentToMake = {
  body: TCreateShipmentRequest;
  name?: LineNamer;
  /** Where a line's path (`cartons[0].lines[2]`) is in what was sent (a CSV's row). */
  lineAt?: (at: string) => string;
};

/** POST /api/shipments: one shipment (createShipments), its id. */
export async function createShipment(db: Db, caller: Caller, body: TCreateShipmentRequest): Promise<number> {
  const [id] = await createShipments(db, caller, [{ body }]);
  return id as number;
}

/**
 * Makes shipments (one from a call, every reference of a CSV): their places checked to be the company's and each
 * line's item found in the catalogue (a SKU as a SKU, a GTIN as a GTIN, a code as anything a product carries), in one
 * query each for all of them, then all written in one transaction of four statements. A reference already used is
 * 409, and none is made. Answers their ids in order.
 */
export async function createShipments(db: Db, caller: Caller, list: ShipmentToMake[]): Promise<number[]> {
  const { companyId } = caller;
  if (caller.inventoryType === 'dutchie') throw conflict(SHIPMENT_MESSAGES.pointOfSale);
  const places = list.flatMap(({ body }) => [body.destination_location_id, body.source_location_id ?? null]);
  const unknown = new Set(
    await unknownLocations(
      db,
      companyId,
      [...new Set(places)].filter((p) => p !== null),
    ),
  );
  for (const { body } of list) {
    if (unknown.has(body.destination_location_id)) {
      throw badRequest(`destination_location_id: ${SHIPMENT_MESSAGES.location}`);
    }
    if (body.source_location_id != null && unknown.has(body.source_location_id)) {
      throw badRequest(`source_location_id: ${SHIPMENT_MESSAGES.location}`);
    }
  }
  const placed = list.map(({ body }) => placedLines(body));
  const found = await productsOfLines(db, companyId, placed.flat());
  let next = 0;
  const made = list.map(({ body, name = callNamer, lineAt = (at) => at }, s) => ({
    reference: body.reference.trim(),
    supplier: body.supplier?.trim() || null,
    sourceLocationId: body.source_location_id ?? null,
    destinationLocationId: body.destination_location_id,
    expectedAt: body.expected_at ?? null,
    createdBy: caller.actor.name,
    lines: (placed[s] ?? []).map((l) => {
      const productId = found[next++];
      if (productId === undefined) {
        const field = l.sku !== undefined ? 'sku' : l.gtin !== undefined ? 'gtin' : 'code';
        throw badRequest(name(lineAt(l.at), field, SHIPMENT_MESSAGES.productNotFound));
      }
      return { productId, quantity: l.quantity, sscc: l.sscc };
    }),
    ssccs: (body.cartons ?? []).map((c) => c.sscc),
    epcs: (body.epcs ?? []).map((e) => {
      const epc = e.toUpperCase();
      const tag = decodeTag(epc);
      return { epc, gtin: tag.gtin, serial: tag.serial };
    }),
  }));
  return db.transaction(async (tx) => {
    const ids = await repo.insertShipments(tx, companyId, made);
    const taken = made.find((m) => !ids.has(m.reference));
    if (taken) throw conflict(SHIPMENT_MESSAGES.referenceTaken(taken.reference));
    return made.map((m) => ids.get(m.reference) as number);
  });
}

/** A shipment's lines in order, loose then carton by carton, each with its path in the request and its carton. */
const placedLines = (body: TCreateShipmentRequest): PlacedLine[] => [
  ...(body.lines ?? []).map((l, i) => ({ ...l, at: `lines[${i}]`, sscc: null })),
  ...(body.cartons ?? []).flatMap((c, ci) =>
    c.lines.map((l, i) => ({ ...l, at: `cartons[${ci}].lines[${i}]`, sscc: c.sscc })),
  ),
];

/** Each line's product id (undefined: none has its SKU, GTIN or code), by one query for all of them. */
async function productsOfLines(
  db: Db,
  companyId: number,
  lines: PlacedLine[],
): Promise<(number | undefined)[]> {
  const ids = lines.map((l) => {
    if (l.sku !== undefined) return { ...identifyCode(''), skuKey: l.sku.trim().toUpperCase() };
    if (l.gtin !== undefined) {
      const gtin = normalizeGtin(l.gtin);
      return { ...identifyCode(''), skuKey: null, gtin: gtin.ok ? gtin.gtin : null };
    }
    return identifyCode(l.code ?? '');
  });
  const products = await repo.productsNamed(db, companyId, {
    skus: [...new Set(ids.flatMap((id) => (id.skuKey ? [id.skuKey] : [])))],
    gtins: [...new Set(ids.flatMap((id) => [id.gtin, id.altGtin].filter((g): g is string => g !== null)))],
    epcs: [...new Set(ids.flatMap((id) => (id.epc ? [id.epc] : [])))],
  });
  const bySku = new Map(products.map((p) => [p.sku, p.id]));
  const byGtin = new Map(products.flatMap((p) => (p.gtin ? [[p.gtin, p.id] as const] : [])));
  const byEpc = new Map(products.map((p) => [p.epc, p.id]));
  return ids.map((id) =>
    matchCode(id, {
      byEpc: (epc) => byEpc.get(epc),
      byGtin: (gtin) => byGtin.get(gtin),
      bySku: (sku) => bySku.get(sku),
    }),
  );
}

export async function listShipments(
  db: Db,
  companyId: number,
  q: TShipmentsQuery,
): Promise<TShipmentSummary[]> {
  return repo.listShipments(db, companyId, q);
}

/** A shipment with its lines, cartons, announced EPCs and its receipt (live while its count reads). */
export async function getShipment(db: Db, companyId: number, id: number): Promise<TShipment> {
  const s = await repo.findShipment(db, companyId, id);
  if (!s) throw notFound(SHIPMENT_MESSAGES.notFound);
  const detail = await repo.shipmentDetail(db, companyId, id);
  return {
    ...s,
    ...detail,
    receipt: await receiptView(db, companyId, s),
    metrc: await metrcShipment(db, companyId, s),
  };
}

/** DELETE: only while it is still expected (not sent, not being received). */
export async function deleteShipment(db: Db, companyId: number, id: number): Promise<void> {
  if (await repo.deleteExpected(db, companyId, id)) return;
  if (!(await repo.findShipment(db, companyId, id))) throw notFound(SHIPMENT_MESSAGES.notFound);
  throw conflict(SHIPMENT_MESSAGES.notExpected);
}

/**
 * POST /api/shipments/{id}/send: a transfer leaves its source. Its units come out of the source's stock as
 * transfer_out movements naming the shipment, and it is in transit until received; the source must hold them.
 */
export async function sendTransfer(db: Db, caller: Caller, id: number): Promise<TShipment> {
  const { companyId } = caller;
  await db.transaction(async (tx) => {
    const s = await repo.findShipment(tx, companyId, id, true);
    if (!s) throw notFound(SHIPMENT_MESSAGES.notFound);
    if (s.source_location_id === null) throw conflict(SHIPMENT_MESSAGES.notTransfer);
    if (s.status !== 'expected') throw conflict(SHIPMENT_MESSAGES.alreadySent);
    const units = await repo.unitsByProduct(tx, companyId, id);
    const short = units.find((u) => u.held < u.units);
    if (short) {
      throw conflict(
        `${s.source_location ?? 'The source'} holds ${short.held} of ${short.sku}, not the ${short.units} to send`,
      );
    }
    await changeStockAt(
      tx,
      { reason: 'transfer', actor: caller.actor, shipmentId: id, reference: s.reference },
      companyId,
      s.source_location_id,
      units.map((u) => ({ productId: u.product_id, delta: -u.units })),
    );
    await repo.setStatus(tx, companyId, id, 'in_transit', 'sent_at');
  });
  return getShipment(db, companyId, id);
}

/** The shipment a carton label belongs to (one expected, in transit or being received first), for the lookup. */
export const shipmentOfCarton = repo.shipmentsOfCarton;
