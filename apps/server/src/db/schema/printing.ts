import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { products } from './inventory.ts';

/**
 * A signed-in print utility: its revocable token (stored only as SHA-256) acts for the person who signed it in,
 * in that company. While connected, it reports its printers every 5 s; connected_at is null once it hangs up, and
 * a utility unheard of for 15 s counts as gone (an instance that died cannot say so).
 */
export const printAgents = pgTable(
  'print_agents',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    agentVersion: text('agent_version'),
    /** The protocol version it spoke in its last hello (2 and up print labels one by one, reporting each). */
    protocol: integer('protocol'),
    hostname: text('hostname'),
    /** The address that signed it in, then the one it last connected from. */
    ip: text('ip'),
    printers: jsonb('printers').$type<{ name: string; status: string }[]>().notNull().default([]),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'print_agents_pkey', columns: [t.companyId, t.id] }),
    // A global secret: a print utility's token is looked up by its hash before its company is known.
    uniqueIndex('print_agents_token_hash_unique').on(t.tokenHash),
    index('print_agents_company_user_idx').on(t.companyId, t.userId),
  ],
);

/** Every print request, kept: who printed what, where, how many, when, and how it ended. */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    agentId: integer('agent_id'),
    productId: integer('product_id'),
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    epc: text('epc').notNull(),
    printerName: text('printer_name').notNull(),
    quantity: integer('quantity').notNull(),
    /** 'sent' until the utility acknowledges, then 'succeeded' or 'failed'. */
    status: text('status').notNull().default('sent'),
    error: text('error'),
    /** Labels the utility reported printed (per label with protocol 2, in the ack with 1); null before any word. */
    printed: integer('printed'),
    /** Serialized GS1 labels: the GTIN and the serials allocated to this job, first to last (null otherwise). */
    gtin: text('gtin'),
    serialFirst: bigint('serial_first', { mode: 'number' }),
    serialLast: bigint('serial_last', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'print_jobs_pkey', columns: [t.companyId, t.id] }),
    // ON DELETE SET NULL (agent_id) in the migration: the job stays in the history.
    foreignKey({
      name: 'print_jobs_agent_fk',
      columns: [t.companyId, t.agentId],
      foreignColumns: [printAgents.companyId, printAgents.id],
    }).onDelete('set null'),
    // ON DELETE SET NULL (product_id) in the migration: the job keeps the product's name and SKU.
    foreignKey({
      name: 'print_jobs_product_fk',
      columns: [t.companyId, t.productId],
      foreignColumns: [products.companyId, products.id],
    }).onDelete('set null'),
    index('print_jobs_company_created_idx').on(t.companyId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('print_jobs_product_serials_idx')
      .on(t.companyId, t.productId, sql`${t.id} desc`)
      .where(sql`${t.serialFirst} IS NOT NULL`),
  ],
);

/** The company's GS1 company prefixes (its own and its suppliers'): a prefix's length is what SGTIN encoding needs. */
export const gs1Prefixes = pgTable(
  'gs1_prefixes',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.prefix] })],
);

/**
 * The last serial allocated per GTIN, for serialized labels: a print job takes its whole range in one statement
 * (insert or add, returning), so concurrent jobs on any instance never share a serial, and none is ever reused.
 */
export const gs1Serials = pgTable(
  'gs1_serials',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    gtin: text('gtin').notNull(),
    lastSerial: bigint('last_serial', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.gtin] })],
);

/** A company's label size; no row means the default 2 x 1 inch at 203 dpi. */
export const labelSettings = pgTable('label_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  widthInches: numeric('width_inches', { precision: 4, scale: 2, mode: 'number' }).notNull(),
  heightInches: numeric('height_inches', { precision: 4, scale: 2, mode: 'number' }).notNull(),
  dpi: integer('dpi').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
