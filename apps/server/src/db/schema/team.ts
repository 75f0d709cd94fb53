import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';

/** An invitation to join a company with a role; the token is stored only as a hash, valid 7 days, single use. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    role: text('role').notNull(),
    message: text('message'),
    tokenHash: text('token_hash').notNull(),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_unique').on(t.tokenHash),
    index('invitations_company_idx').on(t.companyId),
    index('invitations_company_email_idx').on(t.companyId, t.email),
  ],
);

/** Append-only record of who did what in a company; feeds the dashboard's Recent Activity. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'user' or 'device'. */
    performerType: text('performer_type').notNull(),
    performerId: integer('performer_id'),
    performerName: text('performer_name').notNull(),
    /** Machine-readable kind, e.g. 'auth.sign_in', 'team.invite', 'inventory.update'. */
    action: text('action').notNull(),
    /** 'audit', 'inventory', 'team', 'company', 'auth', ... */
    type: text('type').notNull(),
    message: text('message').notNull(),
    metadata: jsonb('metadata'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'activity_log_pkey', columns: [t.companyId, t.id] }),
    index('activity_log_company_created_idx').on(t.companyId, t.createdAt),
  ],
);
