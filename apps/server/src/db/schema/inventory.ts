import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Storage places as a tree (store > backroom > shelf); names are unique among siblings. Keyed by (company_id, id)
 * like every high-volume tenant table, so a sharded database can place a company's rows together (see
 * docs/deployment.md, moving to Citus); references to it carry the company too.
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    parentLocationId: integer('parent_location_id'),
    /** The place's GS1 Global Location Number (13 digits, check digit valid), for EPCIS (issue 53); null: none. */
    gln: text('gln'),
    /** What the place is (issue 52): store, sales_floor, stockroom, dock, warehouse or other (contracts' LOCATION_KINDS). */
    kind: text('kind').notNull().default('other'),
    /**
     * When a person chose or confirmed the kind (null: never; the Locations page offers a kind guessed from the name
     * for a place of kind other until an admin confirms or dismisses it, never setting one silently).
     */
    kindReviewedAt: timestamp('kind_reviewed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'locations_pkey', columns: [t.companyId, t.id] }),
    // Deleting a parent with children is refused by the service; the database agrees.
    foreignKey({
      name: 'locations_parent_fk',
      columns: [t.companyId, t.parentLocationId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('restrict'),
    uniqueIndex('locations_sibling_name_unique').on(
      t.companyId,
      sql`coalesce(${t.parentLocationId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('locations_parent_idx').on(t.companyId, t.parentLocationId),
    // A GLN names one place of the company: a captured event's destination is found by it.
    uniqueIndex('locations_gln_unique').on(t.companyId, t.gln).where(sql`${t.gln} IS NOT NULL`),
    check(
      'locations_kind_check',
      sql`${t.kind} IN ('store', 'sales_floor', 'stockroom', 'dock', 'warehouse', 'other')`,
    ),
  ],
);

/**
 * The local catalogue. `status` is derived from quantity and min_stock_level by PostgreSQL itself, so filters
 * and the summary counters can index it. SKUs are stored upper case, so uniqueness ignores case.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    /** 12 characters from the SKU (rfidTagFromSku) and their 24 hex digits, as written to the chip. */
    rfidTag: text('rfid_tag').notNull(),
    epc: text('epc').notNull(),
    /** True when `epc` is a tag the item already carried (a supplier's), not the one derived from the SKU. */
    isEpcExplicit: boolean('is_epc_explicit').notNull().default(false),
    /** GTIN-14: reads of SGTIN tags with this GTIN count for this product. */
    gtin: text('gtin'),
    description: text('description'),
    category: text('category'),
    vendor: text('vendor'),
    unitCost: numeric('unit_cost', { precision: 12, scale: 2 }).notNull().default('0'),
    retailPrice: numeric('retail_price', { precision: 12, scale: 2 }).notNull().default('0'),
    quantity: integer('quantity').notNull().default(0),
    /**
     * The product's stock rows as two arrays of the same length, in order of place: each row's place (its location, 0
     * for "no location") and its quantity. Written only by the stock triggers (stock_restate, migrations 0036 and
     * 0048), in the same UPDATE as `quantity`, so a list page answers every product's places without reading `stock`.
     */
    stockPlaces: integer('stock_places').array().notNull().default(sql`'{}'::integer[]`),
    stockQuantities: integer('stock_quantities').array().notNull().default(sql`'{}'::integer[]`),
    minStockLevel: integer('min_stock_level').notNull().default(0),
    /** The minimum for each of its sales-floor places, unless the place's stock row sets its own (issue 52). */
    floorMin: integer('floor_min'),
    locationId: integer('location_id'),
    expirationDate: date('expiration_date', { mode: 'string' }),
    /**
     * Retired: servers before 0021_product_scans stamped it; the migration's trigger copies what they still write
     * into product_scans, which holds a product's last scan now. Nothing reads or writes it; a later migration
     * drops it (and the trigger) once no older server runs.
     */
    lastScanned: timestamp('last_scanned', { withTimezone: true }),
    status: text('status')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN quantity <= 0 THEN 'out-of-stock' WHEN quantity <= min_stock_level THEN 'low-stock' ELSE 'in-stock' END`,
      ),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'products_pkey', columns: [t.companyId, t.id] }),
    // The migration writes ON DELETE SET NULL (location_id): deleting a location clears only the product's place.
    foreignKey({
      name: 'products_location_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }).onDelete('set null'),
    // Unique SKUs; text_pattern_ops so the same index serves SKU-prefix search (LIKE 'AB%').
    uniqueIndex('products_company_sku_unique').on(t.companyId, sql`${t.sku} text_pattern_ops`),
    // One product per tag (SKUs 'AB' and 'AB0' would pad to the same tag); audits match reads by EPC.
    uniqueIndex('products_company_epc_unique').on(t.companyId, t.epc),
    uniqueIndex('products_company_gtin_unique').on(t.companyId, t.gtin).where(sql`${t.gtin} IS NOT NULL`),
    // Page 1 of the list, sorted by name, with and without a status filter.
    index('products_company_name_idx').on(t.companyId, t.name, t.id),
    index('products_company_status_name_idx').on(t.companyId, t.status, t.name, t.id),
    // Name fragments (ILIKE '%...%'), within one company (btree_gin puts company_id in the same index): a search reads only its
    // own company's trigram entries and rows, however large the other catalogues are.
    index('products_company_name_trgm_idx').using('gin', t.companyId, sql`${t.name} gin_trgm_ops`),
    index('products_company_location_idx').on(t.companyId, t.locationId),
    // In the expiring list's order (soonest, then name), so its first five are read without a sort.
    index('products_company_expiration_idx').on(t.companyId, t.expirationDate, t.name, t.id),
    // The dashboard's Low Inventory list reads the products low or out of stock from here and sorts them by units.
    // Not keyed by `quantity` (as products_company_low_quantity_idx was, 0040_products_hot_stock): no index of
    // products names it, so a movement that leaves a product's status as it was rewrites the row in place (a HOT
    // update: no new entry in any of its indexes, the trigram one included).
    index('products_company_low_name_idx').on(t.companyId, t.name, t.id).where(sql`status <> 'in-stock'`),
  ],
);

/**
 * When each product was last read by an audit, written by the statement that completes the audit
 * (reconcile.repo.ts). Its own narrow table rather than a column of products: a 100,000-tag audit rewrites 100,000 of
 * these 40-byte rows in place (free room on each page, so no index entries), where the same stamp on products
 * rewrote its wide rows and ran its statement triggers over 100,000 old and new rows (0.9 s of a 2 s completion).
 */
export const productScans = pgTable(
  'product_scans',
  {
    companyId: integer('company_id').notNull(),
    productId: integer('product_id').notNull(),
    lastScanned: timestamp('last_scanned', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'product_scans_pkey', columns: [t.companyId, t.productId] }),
    foreignKey({
      name: 'product_scans_product_fk',
      columns: [t.companyId, t.productId],
      foreignColumns: [products.companyId, products.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The four summary cards of the inventory page, kept current by statement-level triggers on products (see the
 * migration), so a million-product catalogue answers them without counting.
 */
export const inventoryCounters = pgTable('inventory_counters', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  lowStock: integer('low_stock').notNull().default(0),
  outOfStock: integer('out_of_stock').notNull().default(0),
  /** Sum of quantity, and of quantity x unit cost: the dashboard's Inventory Overview. */
  totalUnits: bigint('total_units', { mode: 'number' }).notNull().default(0),
  totalCost: numeric('total_cost', { precision: 20, scale: 2 }).notNull().default('0'),
  /**
   * Goes up whenever a statement adds or removes products or changes a name, SKU, tag or status: what a search
   * matches and how it is ordered. A search's matches are remembered under it (inventory-search-cache.ts).
   */
  searchVersion: bigint('search_version', { mode: 'number' }).notNull().default(0),
});

/**
 * How many products carry each vendor and category (compared without regard to case), kept by the same triggers,
 * so "how many vendors" is a count of a few rows rather than a distinct over the catalogue.
 */
export const inventoryFacets = pgTable(
  'inventory_facets',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'vendor' or 'category'. */
    kind: text('kind').notNull(),
    /** lower(vendor) or lower(category). */
    value: text('value').notNull(),
    products: integer('products').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.value] })],
);

/**
 * A product's stock: one row per place it is kept (a sales floor, a back room, a store of a chain), or one row with
 * no location. `products.quantity` is the sum of these rows, written only by this table's triggers (migration
 * 0035_stock_by_location), so the status, the summary cards and every index on products keep reading one column;
 * `products.location_id` is the product's home: where its stock is when it has one place, and where new stock goes.
 * `place` is the location or 0 for "no location", so the key has no NULL and ON CONFLICT can name it.
 */
export const stock = pgTable(
  'stock',
  {
    companyId: integer('company_id').notNull(),
    productId: integer('product_id').notNull(),
    locationId: integer('location_id'),
    place: integer('place').notNull().generatedAlwaysAs(sql`coalesce(location_id, 0)`),
    quantity: integer('quantity').notNull().default(0),
    /** The least this place should hold (the refill list, issue 52); null: the product's floor_min on a sales floor. */
    minQuantity: integer('min_quantity'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'stock_pkey', columns: [t.companyId, t.productId, t.place] }),
    foreignKey({
      name: 'stock_product_fk',
      columns: [t.companyId, t.productId],
      foreignColumns: [products.companyId, products.id],
    }).onDelete('cascade'),
    // The locations service folds a deleted place's rows into "no location" first; the key only backs it up.
    foreignKey({
      name: 'stock_location_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }).onDelete('set null'),
    // What is kept in a place and its sub-places: counts, the location filter, reports by place.
    index('stock_company_location_idx').on(t.companyId, t.locationId, t.productId),
  ],
);
