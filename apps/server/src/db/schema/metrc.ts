import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts.ts';
import { shipments } from './shipments.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A Dutchie company's Metrc connection (issue 51): its user API key (sealed as the Dutchie key is), the license whose
 * incoming manifests it reads, the place they arrive at, and how the last sync went. `synced_through` is the
 * lastModified time read up to (the next sync goes on from a little before it); `next_sync_at` is when the sweep
 * may call Metrc again (later after a 429 or an outage; never while the key is refused, until it is replaced).
 */
export const metrcConnections = pgTable(
  'metrc_connections',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    licenseNumber: text('license_number').notNull(),
    userKeyEnc: text('user_key_enc').notNull(),
    locationId: integer('location_id').notNull(),
    /** pending, ok, key_refused, rate_limited, unreachable, not_configured. */
    state: text('state').notNull().default('pending'),
    message: text('message'),
    syncedThrough: at('synced_through'),
    lastAttemptAt: at('last_attempt_at'),
    lastSuccessAt: at('last_success_at'),
    lastManifests: integer('last_manifests'),
    nextSyncAt: at('next_sync_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('metrc_connections_due_idx').on(t.nextSyncAt).where(sql`${t.nextSyncAt} IS NOT NULL`)],
);

/** The Metrc transfer a shipment was made from (one shipment per manifest: the reference is its number). */
export const metrcTransfers = pgTable(
  'metrc_transfers',
  {
    companyId: integer('company_id').notNull(),
    shipmentId: integer('shipment_id').notNull(),
    transferId: integer('transfer_id').notNull(),
    manifestNumber: text('manifest_number').notNull(),
    shipperLicense: text('shipper_license'),
    lastModified: text('last_modified'),
  },
  (t) => [
    primaryKey({ name: 'metrc_transfers_pkey', columns: [t.companyId, t.shipmentId] }),
    foreignKey({
      name: 'metrc_transfers_shipment_fk',
      columns: [t.companyId, t.shipmentId],
      foreignColumns: [shipments.companyId, shipments.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A manifest's packages by label, with what was shipped (quantity and unit, as Metrc says them); `received_at` and
 * `received_quantity` are what its receipt found, kept when the receipt completes (null quantity: read, not counted
 * by hand, so the shipped quantity).
 */
export const metrcPackages = pgTable(
  'metrc_packages',
  {
    companyId: integer('company_id').notNull(),
    shipmentId: integer('shipment_id').notNull(),
    label: text('label').notNull(),
    deliveryId: integer('delivery_id').notNull(),
    itemName: text('item_name').notNull(),
    category: text('category'),
    shippedQuantity: numeric('shipped_quantity').notNull(),
    shippedUnit: text('shipped_unit').notNull(),
    receivedAt: at('received_at'),
    receivedQuantity: numeric('received_quantity'),
  },
  (t) => [
    primaryKey({ name: 'metrc_packages_pkey', columns: [t.companyId, t.shipmentId, t.label] }),
    foreignKey({
      name: 'metrc_packages_shipment_fk',
      columns: [t.companyId, t.shipmentId],
      foreignColumns: [shipments.companyId, shipments.id],
    }).onDelete('cascade'),
    // The lookup: which expected manifest a label belongs to.
    index('metrc_packages_label_idx').on(t.companyId, t.label),
  ],
);
