import {
  DUTCHIE_REPORT_LOW_STOCK_MAX,
  packageEpc,
  rfidTagFromSku,
  type TDutchieItem,
} from '@quantics/contracts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { allPackages } from '../dutchie/dutchie-inventory.service.ts';

/**
 * The inventory and low-stock reports of a point-of-sale company, from its Dutchie snapshot (the spec: the
 * external-source report uses the point-of-sale list with zero quantities). Every package, by product name; the
 * low-stock report keeps those with 0 < quantity <= 5, and its reorder value is the shortage (5 minus the
 * quantity) times the unit cost. The RFID tag and EPC are the ones its label carries (from the package id).
 */

export type DutchieReportType = 'inventory' | 'low-stock';

const INVENTORY_HEADER = [
  'Package ID',
  'Product Name',
  'SKU',
  'RFID Tag',
  'EPC',
  'Category',
  'Vendor',
  'Brand',
  'Strain',
  'Rooms',
  'Quantity',
  'Unit Cost',
  'Unit Price',
  'Inventory Value',
  'Expiration Date',
  'Last Modified',
];
const LOW_STOCK_HEADER = [
  'Package ID',
  'Product Name',
  'SKU',
  'Vendor',
  'Category',
  'Rooms',
  'Quantity',
  'Shortage',
  'Unit Cost',
  'Reorder Value',
];

const text = (v: unknown) => (v == null ? '' : String(v));
const money = (n: number | null) => (n == null ? '' : n.toFixed(2));
/** 'Sales Floor: 4; Backstock: 12'. */
const rooms = (i: TDutchieItem) => i.rooms.map((r) => `${r.roomName}: ${r.quantity}`).join('; ');

function inventoryRow(i: TDutchieItem): unknown[] {
  return [
    i.packageId,
    i.productName,
    text(i.sku),
    rfidTagFromSku(i.packageId),
    packageEpc(i.packageId),
    text(i.category),
    text(i.vendor),
    text(i.brandName),
    text(i.strain),
    rooms(i),
    i.quantity,
    money(i.unitCost),
    money(i.unitPrice),
    money(i.quantity * (i.unitCost ?? 0)),
    text(i.expirationDate),
    text(i.lastModified),
  ];
}

function lowStockRow(i: TDutchieItem): unknown[] {
  const shortage = DUTCHIE_REPORT_LOW_STOCK_MAX - i.quantity;
  return [
    i.packageId,
    i.productName,
    text(i.sku),
    text(i.vendor),
    text(i.category),
    rooms(i),
    i.quantity,
    shortage,
    money(i.unitCost),
    money(shortage * (i.unitCost ?? 0)),
  ];
}

export const isLowForReport = (i: TDutchieItem) =>
  i.quantity > 0 && i.quantity <= DUTCHIE_REPORT_LOW_STOCK_MAX;

/** The report's header and its rows in pages (the snapshot is in memory; pages keep the CSV writes small). */
export async function dutchieReport(
  ctx: DutchieContext,
  companyId: number,
  type: DutchieReportType,
  pageSize = 5000,
): Promise<{ header: string[]; pages: unknown[][][] }> {
  const { items } = await allPackages(ctx, companyId, { includeZero: true });
  const rows = type === 'inventory' ? items.map(inventoryRow) : items.filter(isLowForReport).map(lowStockRow);
  const pages: unknown[][][] = [];
  for (let i = 0; i < rows.length; i += pageSize) pages.push(rows.slice(i, i + pageSize));
  return { header: type === 'inventory' ? INVENTORY_HEADER : LOW_STOCK_HEADER, pages };
}
