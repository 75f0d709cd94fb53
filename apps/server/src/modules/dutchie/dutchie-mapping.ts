import type { TDutchieItem, TDutchieTransaction } from '@quantics/contracts';
import { type DutchieRecord, field } from './dutchie-client.ts';

// Dutchie's fields, read without regard to case, into the spec's shapes. Unknown fields are ignored.

const text = (v: unknown): string | null => {
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
};
const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const isRecord = (v: unknown): v is DutchieRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Calendar dates come as '2026-03-01T00:00:00' (no zone): the date part is the date. */
export function dayOf(v: unknown): string | null {
  const s = text(v);
  const m = s ? /^(\d{4}-\d{2}-\d{2})/.exec(s) : null;
  return m?.[1] ?? null;
}

/** Times are UTC; Dutchie sometimes leaves the zone off. */
export function utcTime(v: unknown): string | null {
  const s = text(v);
  if (!s) return null;
  const d = new Date(/[zZ]$|[+-]\d\d:?\d\d$/.test(s) ? s : `${s}Z`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** One row of /reporting/inventory as the spec's Dutchie inventory item; null for a row without a package id. */
export function inventoryItem(row: DutchieRecord): TDutchieItem | null {
  const packageId = text(field(row, 'packageId'));
  if (!packageId) return null;
  const rawRooms = field(row, 'roomQuantities');
  const rooms = Array.isArray(rawRooms)
    ? rawRooms.filter(isRecord).map((r) => ({
        roomId: num(field(r, 'roomId')) ?? 0,
        roomName: text(field(r, 'room')) ?? text(field(r, 'roomName')) ?? 'Unknown room',
        quantity: num(field(r, 'quantityAvailable')) ?? num(field(r, 'quantity')) ?? 0,
      }))
    : [];
  const sku = text(field(row, 'sku'));
  return {
    packageId,
    productId: num(field(row, 'productId')),
    sku,
    productName: text(field(row, 'productName')) ?? sku ?? packageId,
    vendor: text(field(row, 'vendor')) ?? text(field(row, 'vendorName')),
    brandName: text(field(row, 'brandName')),
    category: text(field(row, 'category')) ?? text(field(row, 'masterCategory')),
    strain: text(field(row, 'strain')),
    quantity: num(field(row, 'quantityAvailable')) ?? 0,
    unitCost: num(field(row, 'unitCost')),
    unitPrice: num(field(row, 'unitPrice')) ?? num(field(row, 'recUnitPrice')),
    expirationDate: dayOf(field(row, 'expirationDate')),
    rooms,
    lastModified: utcTime(field(row, 'lastModifiedDateUtc')),
  };
}

/** Active room names from /room/rooms. */
export function roomNames(rows: DutchieRecord[]): string[] {
  return rows
    .filter((r) => field(r, 'isActive') !== false)
    .map((r) => text(field(r, 'roomName')) ?? text(field(r, 'room')))
    .filter((n): n is string => n !== null);
}

export type ProductDetails = {
  description: string | null;
  strainType: string | null;
  thcContent: number | null;
  thcContentUnit: string | null;
  cbdContent: number | null;
  cbdContentUnit: string | null;
  unitWeight: number | null;
  unitWeightUnit: string | null;
};

export function productDetails(p: DutchieRecord): ProductDetails {
  return {
    description: text(field(p, 'description')),
    strainType: text(field(p, 'strainType')),
    thcContent: num(field(p, 'thcContent')),
    thcContentUnit: text(field(p, 'thcContentUnit')),
    cbdContent: num(field(p, 'cbdContent')),
    cbdContentUnit: text(field(p, 'cbdContentUnit')),
    unitWeight: num(field(p, 'unitWeight')),
    unitWeightUnit: text(field(p, 'unitWeightUnit')),
  };
}

/** A sale with its lines; product names come from the inventory snapshot (Dutchie's lines carry only ids). */
export function transaction(
  t: DutchieRecord,
  names: (packageId: string) => string | null,
): TDutchieTransaction {
  const rawItems = field(t, 'items');
  const items = (Array.isArray(rawItems) ? rawItems.filter(isRecord) : []).flatMap((i) => {
    const packageId = text(field(i, 'packageId'));
    if (!packageId) return [];
    return [
      {
        packageId,
        productId: num(field(i, 'productId')),
        productName: names(packageId) ?? `Package ${packageId}`,
        vendor: text(field(i, 'vendor')),
        quantity: num(field(i, 'quantity')) ?? 0,
        unitPrice: num(field(i, 'unitPrice')) ?? 0,
        unitCost: num(field(i, 'unitCost')),
        totalPrice: num(field(i, 'totalPrice')) ?? 0,
      },
    ];
  });
  return {
    transactionId: num(field(t, 'transactionId')) ?? 0,
    transactionDate: utcTime(field(t, 'transactionDate')) ?? '',
    totalItems: num(field(t, 'totalItems')) ?? items.reduce((s, i) => s + i.quantity, 0),
    subtotal: num(field(t, 'subtotal')) ?? 0,
    totalDiscount: num(field(t, 'totalDiscount')) ?? 0,
    tax: num(field(t, 'tax')) ?? 0,
    total: num(field(t, 'total')) ?? 0,
    isVoid: field(t, 'isVoid') === true,
    items,
  };
}

/** One line of a sale as stock sees it: units of a package out of the store (a return's negative) at a time. */
export type SaleLine = { packageId: string; units: number; at: string };

/**
 * A transaction's lines as units of packages out of the store at its time: a void moves nothing, a return
 * (`isReturn`) puts its units back. A transaction without a readable time, or a line without a package, is left out.
 */
export function saleLines(t: DutchieRecord): SaleLine[] {
  const at = utcTime(field(t, 'transactionDate'));
  const rawItems = field(t, 'items');
  if (!at || field(t, 'isVoid') === true || !Array.isArray(rawItems)) return [];
  const sign = field(t, 'isReturn') === true ? -1 : 1;
  return rawItems.filter(isRecord).flatMap((i) => {
    const packageId = text(field(i, 'packageId'));
    const units = num(field(i, 'quantity'));
    return packageId && units ? [{ packageId, units: sign * units, at }] : [];
  });
}

/** The closing report's totals and summaries. */
export function closingReport(r: DutchieRecord) {
  const list = (name: string) => {
    const v = field(r, name);
    return Array.isArray(v) ? v.filter(isRecord) : [];
  };
  return {
    grossSales: num(field(r, 'grossSales')) ?? 0,
    discount: num(field(r, 'discount')) ?? 0,
    netSales: num(field(r, 'netSales')) ?? 0,
    totalTax: num(field(r, 'totalTax')) ?? 0,
    totalPrice: num(field(r, 'totalPrice')) ?? 0,
    cost: num(field(r, 'cost')),
    transactionCount: num(field(r, 'transactionCount')) ?? 0,
    itemCount: num(field(r, 'itemCount')) ?? 0,
    categories: list('categorySummary').map((c) => ({
      category: text(field(c, 'categoryName')) ?? text(field(c, 'category')) ?? 'Other',
      netSales: num(field(c, 'netSales')) ?? 0,
      itemCount: num(field(c, 'itemCount')) ?? 0,
    })),
    payments: list('paymentSummary').map((p) => ({
      paymentType: text(field(p, 'paymentType')) ?? 'Other',
      totalPaid: num(field(p, 'totalPaid')) ?? 0,
    })),
  };
}
