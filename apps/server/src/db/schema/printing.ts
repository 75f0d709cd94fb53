import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
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
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    agentVersion: text('agent_version'),
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
    uniqueIndex('print_agents_token_hash_unique').on(t.tokenHash),
    index('print_agents_company_user_idx').on(t.companyId, t.userId),
  ],
);

/** Every print request, kept: who printed what, where, how many, when, and how it ended. */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    agentId: integer('agent_id').references(() => printAgents.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    epc: text('epc').notNull(),
    printerName: text('printer_name').notNull(),
    quantity: integer('quantity').notNull(),
    /** 'sent' until the utility acknowledges, then 'succeeded' or 'failed'. */
    status: text('status').notNull().default('sent'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('print_jobs_company_created_idx').on(t.companyId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
  ],
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
