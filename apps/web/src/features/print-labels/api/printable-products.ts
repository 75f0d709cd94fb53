import {
  PRINT_ADD_ALL_LIMIT,
  PRINT_SEARCH_LIMIT,
  printableFromPackage,
  printableFromProduct,
  type TPrintableProduct,
  ZDutchieListResponse,
  ZInventoryListResponse,
} from '@quantics/contracts';
import { api } from '@/lib/api-client';

/** The spec's Printable product: a catalogue product, or a point-of-sale package. */
export type PrintableProduct = TPrintableProduct;

/** A catalogue product: for one kept in several places, its location says so ("Floor and 1 more place"). */
const toPrintable = printableFromProduct;

/**
 * The search box: up to 20 products matching a name or SKU; for a point-of-sale company, Dutchie packages matching
 * a name, SKU or package id.
 */
export async function searchPrintable(term: string, isPointOfSale = false): Promise<PrintableProduct[]> {
  if (isPointOfSale) {
    const q = new URLSearchParams({ q: term, limit: String(PRINT_SEARCH_LIMIT) });
    return (await api(`/api/dutchie-inventory/search?${q}`, { schema: ZDutchieListResponse })).data.map(
      printableFromPackage,
    );
  }
  const q = new URLSearchParams({ search: term, limit: String(PRINT_SEARCH_LIMIT) });
  return (await api(`/api/inventory?${q}`, { schema: ZInventoryListResponse })).data.map(toPrintable);
}

/** 'Add All Products' (local catalogues only): the catalogue, up to 1000. */
export async function allPrintable(): Promise<PrintableProduct[]> {
  return (
    await api(`/api/inventory?limit=${PRINT_ADD_ALL_LIMIT}`, { schema: ZInventoryListResponse })
  ).data.map(toPrintable);
}
