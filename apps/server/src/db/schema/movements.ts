import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** Why a stock row changed. The movements API takes the first six; edit, import and count are the portal's own. */
export const MOVEMENT_REASONS = [
  'sale',
  'return',
  'receipt',
  'transfer_in',
  'transfer_out',
  'adjustment',
  'count',
  'edit',
  'import',
] as const;

/**
 * Every change of a stock row, written in the transaction that makes it and never edited: the stock table's
 * triggers write it from the transaction's movement context (movements.repo.ts, migration 0037_stock_movements), and
 * the movements API writes its own rows (one per movement sent, with its reason, time and reference) in the statement
 * that changes the rows. `delta` is the change made to the row and `quantity_after` the row's quantity after it, so
 * a product's history reads as a ledger and a count can work out what a place held at any moment.
 *
 * No foreign key to products: the history outlives a product deleted (its rows' removal is not recorded as
 * movements). None to companies either (0050): its check was 5 % of a call of the movements API, a lookup of the
 * company for every row of a statement whose company is one; a company deleted takes its movements with it by a
 * trigger on companies (companies_delete_movements), as the foreign key's cascade did. Keyed by company like every tenant table; `at` is when it happened (a till may send a sale late),
 * `recorded_at` when it reached the database (what a count's start is compared with).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    at: tz('at').notNull().defaultNow(),
    recordedAt: tz('recorded_at').notNull().defaultNow(),
    companyId: integer('company_id').notNull(),
    productId: integer('product_id').notNull(),
    /** The place: a location, or null for the product's stock with no location. */
    locationId: integer('location_id'),
    delta: integer('delta').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason').notNull(),
    /** Who: 'user', 'api_key', 'device' or 'system', its id (null for the system) and its name at the time. */
    actorType: text('actor_type').notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    reference: text('reference'),
    /** The count applied (reason count) or the shipment received or sent. */
    auditId: integer('audit_id'),
    shipmentId: integer('shipment_id'),
    /** The sender's own id for a movement sent through the API: the same id again is not applied twice. */
    clientId: text('client_id'),
  },
  (t) => [
    primaryKey({ name: 'stock_movements_pkey', columns: [t.companyId, t.id] }),
    // A product's history, newest first (its place filtered on the way).
    index('stock_movements_product_idx').on(t.companyId, t.productId, t.at.desc(), t.id.desc()),
    // What moved since a count started (by arrival), and the movements report by date (by when it happened).
    index('stock_movements_recorded_idx').on(t.companyId, t.recordedAt),
    index('stock_movements_at_idx').on(t.companyId, t.at, t.id),
    uniqueIndex('stock_movements_client_unique')
      .on(t.companyId, t.clientId)
      .where(sql`${t.clientId} IS NOT NULL`),
    check(
      'stock_movements_reason_check',
      sql`${t.reason} in ('sale', 'return', 'receipt', 'transfer_in', 'transfer_out', 'adjustment', 'count', 'edit', 'import')`,
    ),
  ],
);

/**
 * Keys for the programs a company connects (a till, an ERP, a script): the key itself is shown once and stored as
 * its SHA-256 only; `prefix` (its first characters) lets a person tell keys apart. A key acts for its company within
 * its scopes; revoked keys stay listed (and refused) so the security log's entries keep their name.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: tz('created_at').notNull().defaultNow(),
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
  },
  (t) => [
    primaryKey({ name: 'api_keys_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('api_keys_hash_unique').on(t.keyHash),
  ],
);
