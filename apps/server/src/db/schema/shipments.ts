import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts.ts';
import { tz } from './readers.ts';

/**
 * Goods on their way to a place of the company (issue 51): an advance ship notice from a supplier, or a transfer from
 * another of its places (`source_location_id`). Its lines say what comes (loose or in cartons identified by SSCC) and
 * its announced serials (SGTIN EPCs) which items. A receipt is a count of it: `receipt_audit_id` is that audit, whose
 * completion adds what was received to the destination's stock. No reference to locations: a shipment's history
 * outlives a place deleted, as movements do; the places are checked when it is made.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    supplier: text('supplier'),
    sourceLocationId: integer('source_location_id'),
    destinationLocationId: integer('destination_location_id').notNull(),
    expectedAt: tz('expected_at'),
    /** expected, in_transit (a transfer sent), receiving, received, received_with_discrepancies. */
    status: text('status').notNull().default('expected'),
    receiptAuditId: integer('receipt_audit_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
    createdBy: text('created_by'),
    sentAt: tz('sent_at'),
    receivedAt: tz('received_at'),
  },
  (t) => [
    primaryKey({ name: 'shipments_pkey', columns: [t.companyId, t.id] }),
    // One shipment per reference: an ASN sent (or imported) twice is refused, not doubled.
    uniqueIndex('shipments_reference_unique').on(t.companyId, t.reference),
    index('shipments_status_idx').on(t.companyId, t.status, t.createdAt),
    index('shipments_supplier_idx').on(t.companyId, t.supplier, t.createdAt),
    index('shipments_created_idx').on(t.companyId, t.createdAt),
    // One shipment per receipt: the audit that receives it finds it by this.
    uniqueIndex('shipments_receipt_audit_unique')
      .on(t.companyId, t.receiptAuditId)
      .where(sql`${t.receiptAuditId} IS NOT NULL`),
    check(
      'shipments_status_check',
      sql`${t.status} in ('expected', 'in_transit', 'receiving', 'received', 'received_with_discrepancies')`,
    ),
  ],
);

const shipmentRef = (table: string, t: { companyId: AnyPgColumn; shipmentId: AnyPgColumn }) =>
  foreignKey({
    name: `${table}_shipment_fk`,
    columns: [t.companyId, t.shipmentId],
    foreignColumns: [shipments.companyId, shipments.id],
  }).onDelete('cascade');

/** A shipment's cartons (pallets, cases) by SSCC; `received_at` when its label was scanned or one of its items read. */
export const shipmentCartons = pgTable(
  'shipment_cartons',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id').notNull(),
    shipmentId: integer('shipment_id').notNull(),
    sscc: text('sscc').notNull(),
    receivedAt: tz('received_at'),
  },
  (t) => [
    primaryKey({ name: 'shipment_cartons_pkey', columns: [t.companyId, t.id] }),
    shipmentRef('shipment_cartons', t),
    uniqueIndex('shipment_cartons_sscc_unique').on(t.companyId, t.shipmentId, t.sscc),
    // The lookup: which expected shipment a carton label belongs to.
    index('shipment_cartons_sscc_idx').on(t.companyId, t.sscc),
  ],
);

/**
 * What a shipment brings, one row per line sent (a carton's lines carry its carton), each naming a product of the
 * catalogue. `received` is what its receipt found, kept when the receipt completes (per product, on its first line).
 */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id').notNull(),
    shipmentId: integer('shipment_id').notNull(),
    cartonId: integer('carton_id'),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'shipment_lines_pkey', columns: [t.companyId, t.id] }),
    shipmentRef('shipment_lines', t),
    index('shipment_lines_shipment_idx').on(t.companyId, t.shipmentId, t.productId),
    check('shipment_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** The serialized items the sender announced: their EPCs (an SGTIN carries its GTIN and serial). */
export const shipmentEpcs = pgTable(
  'shipment_epcs',
  {
    companyId: integer('company_id').notNull(),
    shipmentId: integer('shipment_id').notNull(),
    epc: text('epc').notNull(),
    gtin: text('gtin'),
    serial: text('serial'),
    /** When its receipt read it (kept when the receipt completes). */
    receivedAt: tz('received_at'),
  },
  (t) => [
    primaryKey({ name: 'shipment_epcs_pkey', columns: [t.companyId, t.shipmentId, t.epc] }),
    shipmentRef('shipment_epcs', t),
  ],
);

/**
 * A completed receipt, per product: expected (the shipment's lines), received (what its count found) and the
 * status; `product_id` null for a code that matched nothing (`code` then says what it was). Written once, when the
 * receipt completes; before that the receipt is worked out from the count's reads.
 */
export const shipmentReceiptLines = pgTable(
  'shipment_receipt_lines',
  {
    companyId: integer('company_id').notNull(),
    shipmentId: integer('shipment_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    productId: integer('product_id'),
    sku: text('sku'),
    name: text('name'),
    code: text('code'),
    expected: integer('expected').notNull(),
    received: integer('received').notNull(),
    /** ok, short, over, not_on_shipment, unknown. */
    status: text('status').notNull(),
  },
  (t) => [
    primaryKey({ name: 'shipment_receipt_lines_pkey', columns: [t.companyId, t.shipmentId, t.ordinal] }),
    shipmentRef('shipment_receipt_lines', t),
  ],
);
