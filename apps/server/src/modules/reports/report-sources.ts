import type { TReportType } from '@quantics/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuditClock } from '../audits/audit-status.ts';

/**
 * Each report is one query read in keyset pages (ORDER BY a unique key, then "after the last row"), so a report of
 * a million rows holds one page in memory at a time and no transaction stays open while a slow client downloads.
 */
export type ReportSource = {
  header: string[];
  /** One page after the given key (undefined: the first page). */
  page: (after: Key | undefined, size: number) => SQL;
  /** A row's cells, and its key for the next page. */
  row: (r: Record<string, unknown>) => { cells: unknown[]; key: Key };
};
type Key = (string | number)[];

export type ReportScope = { companyId: number; start: string; end: string; clock: AuditClock };

const text = (v: unknown) => (v == null ? '' : String(v));
const iso = (v: unknown) => (v == null ? '' : new Date(v as string).toISOString());

export function reportSource(type: TReportType, s: ReportScope): ReportSource {
  switch (type) {
    case 'inventory':
    case 'low-stock': {
      const onlyLow = type === 'low-stock' ? sql`AND p.status <> 'in-stock'` : sql``;
      return {
        header:
          type === 'inventory'
            ? [
                'Name',
                'SKU',
                'RFID Tag',
                'EPC',
                'Category',
                'Vendor',
                'Location',
                'Quantity',
                'Min Stock Level',
                'Status',
                'Unit Cost',
                'Retail Price',
                'Inventory Value',
                'Expiration Date',
                'Last Scanned',
              ]
            : [
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
        page: (after, size) => sql`
          SELECT p.id, p.name, p.sku, p.rfid_tag, p.epc, p.category, p.vendor, l.name AS location, p.quantity,
            p.min_stock_level, p.status, p.unit_cost, p.retail_price, p.quantity * p.unit_cost AS value,
            to_char(p.expiration_date, 'YYYY-MM-DD') AS expiration_date, ps.last_scanned,
            greatest(p.min_stock_level - p.quantity, 0) AS shortage,
            greatest(p.min_stock_level - p.quantity, 0) * p.unit_cost AS reorder_value
          FROM products p LEFT JOIN locations l ON l.company_id = p.company_id AND l.id = p.location_id
            LEFT JOIN product_scans ps ON ps.company_id = p.company_id AND ps.product_id = p.id
          WHERE p.company_id = ${s.companyId} ${onlyLow}
            ${after ? sql`AND (p.name, p.id) > (${after[0]}, ${after[1]})` : sql``}
          ORDER BY p.name, p.id LIMIT ${size}`,
        row: (r) => ({
          key: [r.name as string, r.id as number],
          cells:
            type === 'inventory'
              ? [
                  r.name,
                  r.sku,
                  r.rfid_tag,
                  r.epc,
                  text(r.category),
                  text(r.vendor),
                  text(r.location),
                  r.quantity,
                  r.min_stock_level,
                  r.status,
                  r.unit_cost,
                  r.retail_price,
                  Number(r.value).toFixed(2),
                  text(r.expiration_date),
                  iso(r.last_scanned),
                ]
              : [
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
    }
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
        page: (after, size) => sql`
          SELECT audits.id, audits.created_at, audits.name, ${s.clock.status()} AS status,
            audits.device_name, coalesce(l.name, audits.room) AS location, audits.tags_found, audits.tags_expected,
            audits.discrepancies_count, audits.misplaced_count, audits.unknown_count, audits.accuracy,
            audits.audit_type, audits.completed_at, audits.comments, audits.packages_found,
            audits.packages_expected
          FROM audits LEFT JOIN locations l ON l.company_id = audits.company_id AND l.id = audits.location_id
          WHERE audits.company_id = ${s.companyId} AND ${inRange(sql`audits.created_at`, s)}
            ${after ? sql`AND (audits.created_at, audits.id) > (${after[0]}::timestamptz, ${after[1]})` : sql``}
          ORDER BY audits.created_at, audits.id LIMIT ${size}`,
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
        ],
        page: (after, size) => sql`
          SELECT d.id, a.created_at, a.name AS audit, d.product_sku, d.product_name, d.expected_quantity,
            d.found_quantity, d.discrepancy_type, d.rfid_tag, d.epc, d.notes, d.codes, d.code_format
          FROM audit_discrepancies d JOIN audits a ON a.company_id = d.company_id AND a.id = d.audit_id
          WHERE d.company_id = ${s.companyId} AND ${inRange(sql`a.created_at`, s)}
            ${after ? sql`AND d.id > ${after[0]}` : sql``}
          ORDER BY d.id LIMIT ${size}`,
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
          ],
        }),
      };
  }
}

/** Whole days, start and end included, in UTC. */
const inRange = (column: SQL, s: ReportScope) =>
  sql`${column} >= ${s.start}::date AND ${column} < ${s.end}::date + 1`;

export async function* reportRows(db: Db, source: ReportSource, size = 1000): AsyncGenerator<unknown[][]> {
  let after: Key | undefined;
  for (;;) {
    const result = await db.execute(source.page(after, size));
    const rows = result.rows as Record<string, unknown>[];
    if (rows.length === 0) return;
    const mapped = rows.map(source.row);
    yield mapped.map((m) => m.cells);
    if (rows.length < size) return;
    after = mapped[mapped.length - 1]?.key;
  }
}
