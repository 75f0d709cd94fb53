import {
  CSV_COLUMNS,
  CSV_TEMPLATE_EXAMPLE,
  type TCsvColumn,
  type TInventoryFilters,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { toCsv } from '../../lib/csv.ts';
import { listLocations } from '../locations/locations.service.ts';
import { exportPage } from './export.repo.ts';

/** Products fetched per query while streaming: the export never holds the catalogue in memory. */
const CHUNK = 5000;

/** The template: the header and one example row. */
export const templateCsv = (): string =>
  toCsv([[...CSV_COLUMNS], CSV_COLUMNS.map((c) => CSV_TEMPLATE_EXAMPLE[c])]);

/**
 * The catalogue (with the list's search and status filter) in the template's columns, sorted like the list, as
 * CSV text chunks: one line per product and place, the product's home first, so the file imports back to the same
 * products and stock rows. Locations are written as paths, which the import reads back.
 */
export async function* exportCsv(
  db: Db,
  companyId: number,
  filters: TInventoryFilters,
): AsyncGenerator<string> {
  const paths = new Map((await listLocations(db, companyId)).map((l) => [l.id, l.path]));
  yield toCsv([[...CSV_COLUMNS]]);
  let after: { name: string; id: number } | undefined;
  for (;;) {
    const rows = await exportPage(db, companyId, filters, after, CHUNK);
    if (rows.length === 0) return;
    yield toCsv(
      rows.map((p) => {
        const cells: Record<TCsvColumn, string> = {
          name: p.name,
          sku: p.sku,
          description: p.description ?? '',
          category: p.category ?? '',
          vendor: p.vendor ?? '',
          unit_cost: p.unitCost,
          retail_price: p.retailPrice,
          quantity: String(p.quantity ?? 0),
          min_stock_level: String(p.minStockLevel),
          location: p.locationId === null ? '' : (paths.get(p.locationId) ?? ''),
          expiration_date: p.expirationDate ?? '',
          gtin: p.gtin ?? '',
          // Only a tag the item already carried: one made from the SKU comes back from the SKU on import.
          epc: p.isEpcExplicit ? p.epc : '',
        };
        return CSV_COLUMNS.map((c) => cells[c]);
      }),
    );
    const last = rows[rows.length - 1];
    // The page is CHUNK products, however many lines their places make.
    if (!last || new Set(rows.map((r) => r.id)).size < CHUNK) return;
    after = { name: last.name, id: last.id };
  }
}
