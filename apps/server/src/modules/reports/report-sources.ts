import type { TReportType } from '@quantics/contracts';
import * as repo from './reports.repo.ts';

/**
 * Each report is one query read in keyset pages (ORDER BY a unique key, then "after the last row"), so a report of
 * a million rows holds one page in memory at a time and no transaction stays open while a slow client downloads.
 */
export type ReportSource = repo.PagedQuery & { header: string[] };

export type ReportScope = repo.ReportScope;

const text = (v: unknown) => (v == null ? '' : String(v));
const iso = (v: unknown) => (v == null ? '' : new Date(v as string).toISOString());

export function reportSource(type: TReportType, s: ReportScope): ReportSource {
  switch (type) {
    case 'inventory':
      // One line per product and place: Location is the product's home, Place where these units are; Quantity and
      // Inventory Value are the place's, Total Quantity, Min Stock Level and Status the product's.
      return {
        header: [
          'Name',
          'SKU',
          'RFID Tag',
          'EPC',
          'Category',
          'Vendor',
          'Location',
          'Place',
          'Quantity',
          'Total Quantity',
          'Min Stock Level',
          'Status',
          'Unit Cost',
          'Retail Price',
          'Inventory Value',
          'Expiration Date',
          'Last Scanned',
        ],
        page: (after, size) => repo.stockLinesPage(s.companyId, after, size),
        row: (r) => ({
          key: [r.name as string, r.id as number, Number(r.place_key)],
          cells: [
            r.name,
            r.sku,
            r.rfid_tag,
            r.epc,
            text(r.category),
            text(r.vendor),
            text(r.location),
            text(r.place),
            r.quantity,
            r.total,
            r.min_stock_level,
            r.status,
            r.unit_cost,
            r.retail_price,
            Number(r.value).toFixed(2),
            text(r.expiration_date),
            iso(r.last_scanned),
          ],
        }),
      };
    case 'low-stock':
      return {
        header: [
          'Name',
          'SKU',
          'Vendor',
          'Location',
          'Quantity',
          'Min Stock Level',
          'Status',
          'Shortage',
          'Unit Cost',
          'Reorder Value',
        ],
        page: (after, size) => repo.lowStockPage(s.companyId, after, size),
        row: (r) => ({
          key: [r.name as string, r.id as number],
          cells: [
            r.name,
            r.sku,
            text(r.vendor),
            text(r.location),
            r.quantity,
            r.min_stock_level,
            r.status,
            r.shortage,
            r.unit_cost,
            Number(r.reorder_value).toFixed(2),
          ],
        }),
      };
    case 'audits':
      return {
        header: [
          'Date',
          'Name',
          'Status',
          'Device',
          'Location',
          'Tags Found',
          'Tags Expected',
          'Discrepancies',
          'Misplaced',
          'Unknown Tags',
          'Accuracy %',
          'Audit Type',
          'Completed At',
          'Comments',
          'Packages Found',
          'Packages Expected',
        ],
        page: (after, size) => repo.auditsPage(s, after, size),
        row: (r) => ({
          key: [iso(r.created_at), r.id as number],
          cells: [
            iso(r.created_at),
            r.name,
            r.status,
            text(r.device_name) || 'Unknown',
            text(r.location) || 'Not specified',
            r.tags_found,
            r.tags_expected,
            r.discrepancies_count,
            r.misplaced_count,
            r.unknown_count,
            text(r.accuracy),
            text(r.audit_type) || 'Manual',
            iso(r.completed_at),
            text(r.comments),
            text(r.packages_found),
            text(r.packages_expected),
          ],
        }),
      };
    case 'discrepancies':
      return {
        header: [
          'Audit Date',
          'Audit',
          'SKU',
          'Product Name',
          'Expected',
          'Found',
          'Variance',
          'Type',
          'RFID Tag',
          'EPC',
          'Notes',
          'Scanned Codes',
          'Code Type',
          // A count in a trading store: what the places held at its start, and what moved while it ran.
          'Expected at start',
          'Moved during count',
        ],
        page: (after, size) => repo.discrepanciesPage(s, after, size),
        row: (r) => ({
          key: [r.id as number],
          cells: [
            iso(r.created_at),
            r.audit,
            text(r.product_sku),
            text(r.product_name),
            r.expected_quantity,
            r.found_quantity,
            Number(r.found_quantity) - Number(r.expected_quantity),
            r.discrepancy_type,
            text(r.rfid_tag),
            r.epc,
            text(r.notes),
            text(r.codes),
            text(r.code_format),
            text(r.expected_at_start),
            text(r.moved_during),
          ],
        }),
      };
  }
}
