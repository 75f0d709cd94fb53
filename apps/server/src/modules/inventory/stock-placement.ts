import { INVENTORY_MESSAGES, QUANTITY_MAX, type TProductInput } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { unknownLocations } from '../locations/locations.service.ts';
import type { ProductRow } from './inventory.repo.ts';
import type * as stockRepo from './stock.repo.ts';

// A product request's stock: the places it names and the product's home, checked against the company's locations.

type Row = NonNullable<ProductRow>;

/** Where a product's stock is and its home, as a request leaves them (see ZProductRequest's quantity and stock). */
export type Placement = { home: number | null; rows: stockRepo.StockWrite[] };

/**
 * The stock a request asks for. `stock` replaces every place; today's `quantity` and `location_id` describe a
 * product in one place, so they are refused with a quantity for a product kept in several (name the place), and
 * without one such a product keeps its places (location_id then only moves its home).
 */
export function placement(input: TProductInput, existing?: Row): Placement {
  if (input.stock) {
    const rows = input.stock.map((r) => ({ locationId: r.location_id, quantity: r.quantity }));
    const listed = (id: number | null) => rows.some((r) => r.locationId === id);
    const keep =
      existing && listed(existing.locationId) ? existing.locationId : (rows[0]?.locationId ?? null);
    return { home: input.location_id === undefined ? keep : input.location_id, rows };
  }
  if (existing && existing.stock.length > 1) {
    if (input.quantity !== undefined) throw badRequest(INVENTORY_MESSAGES.quantityNeedsPlace);
    return {
      home: input.location_id === undefined ? existing.locationId : input.location_id,
      rows: existing.stock.map((r) => ({ locationId: r.location_id, quantity: r.quantity })),
    };
  }
  const home = input.location_id ?? null;
  return { home, rows: [{ locationId: home, quantity: input.quantity ?? 0 }] };
}

/** Every place named is the company's own, and the total fits a quantity. */
export async function checkPlacement(db: Db, companyId: number, p: Placement) {
  const named = [p.home, ...p.rows.map((r) => r.locationId)].filter((id): id is number => id !== null);
  if ((await unknownLocations(db, companyId, [...new Set(named)])).length > 0) {
    throw badRequest(INVENTORY_MESSAGES.locationInvalid);
  }
  if (totalOf(p) > QUANTITY_MAX) throw badRequest(INVENTORY_MESSAGES.quantityInvalid);
}

export const totalOf = (p: Placement) => p.rows.reduce((sum, r) => sum + r.quantity, 0);
