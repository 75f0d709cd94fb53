import {
  CODE_MESSAGES,
  identifyCode,
  isMetrcLabel,
  LOOKUP_MESSAGES,
  matchCode,
  packageEpc,
  type TCodeIdentity,
  type TCodeLookupResponse,
  type TDutchieItem,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { inventorySnapshot } from '../dutchie/dutchie-snapshot.ts';
import { shipmentOfCarton } from '../shipments/shipments.service.ts';
import * as repo from './inventory.repo.ts';

/**
 * GET /api/inventory/lookup: the resolver as a call. A catalogue company's code names a product (its EPC, GTIN or
 * SKU); a Dutchie company's names a package (its Metrc label as EPC or barcode, or its package id).
 */
export async function lookupCode(
  deps: { db: Db; dutchie: DutchieContext },
  actor: AuthContext,
  code: string,
): Promise<TCodeLookupResponse> {
  const id = identifyCode(code);
  const answer: TCodeLookupResponse = {
    kind: 'unknown',
    serialized: id.serialized,
    code: id.text,
    format: id.format,
    ...(id.gtin && { gtin: id.gtin }),
    ...(id.serial !== null && { serial: id.serial }),
  };
  // A carton label names a carton (of a shipment expected here, when one is), in any company.
  if (id.kind === 'sscc' && id.sscc) {
    const shipment = await shipmentOfCarton(deps.db, actor.companyId, id.sscc);
    return { ...answer, kind: 'carton', carton: { sscc: id.sscc, shipment: shipment ?? null } };
  }
  if (actor.inventoryType === 'dutchie') {
    const item = await findPackage(deps.dutchie, actor.companyId, id);
    if (!item) return { ...answer, reason: id.reason ?? unknownPackage(id) };
    const rooms = item.rooms.filter((r) => r.quantity > 0).map((r) => r.roomName);
    return {
      ...answer,
      kind: 'package',
      // A package is counted once however often its label is read.
      serialized: true,
      package: {
        package_id: item.packageId,
        name: item.productName,
        room: rooms.length ? rooms.join(', ') : null,
        quantity: item.quantity,
      },
    };
  }
  const candidates = await repo.productsForCode(deps.db, actor.companyId, {
    epc: id.epc,
    gtins: [id.gtin, id.altGtin].filter((g): g is string => g !== null),
    skuKey: id.skuKey,
  });
  const product = matchCode(id, {
    byEpc: (epc) => candidates.find((p) => p.epc === epc),
    byGtin: (gtin) => candidates.find((p) => p.gtin === gtin),
    bySku: (sku) => candidates.find((p) => p.sku === sku),
  });
  if (!product) return { ...answer, reason: id.reason ?? LOOKUP_MESSAGES.noProduct };
  // Where its units are, for a product kept in several places; one kept in one place answers as before.
  const { stock } = product;
  return {
    ...answer,
    kind: 'product',
    product: { id: product.id, sku: product.sku, name: product.name, ...(stock.length > 1 ? { stock } : {}) },
  };
}

async function findPackage(ctx: DutchieContext, companyId: number, id: TCodeIdentity) {
  const { value } = await inventorySnapshot(ctx, companyId);
  const items: TDutchieItem[] = value.items;
  return matchCode(id, {
    byEpc: (epc) => items.find((i) => packageEpc(i.packageId) === epc),
    byGtin: () => undefined,
    bySku: (sku) => items.find((i) => i.packageId.toUpperCase() === sku),
  });
}

const unknownPackage = (id: TCodeIdentity) =>
  id.epc && isMetrcLabel(id.epc) ? CODE_MESSAGES.metrcNotInDutchie(id.epc) : LOOKUP_MESSAGES.noPackage;
