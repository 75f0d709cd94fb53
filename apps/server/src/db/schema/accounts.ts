import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Fixed at registration: 'manual' or 'dutchie'. */
  inventoryType: text('inventory_type').notNull().default('manual'),
  /** AES-GCM ciphertext of the point-of-sale key; never returned by the API. */
  dutchieApiKeyEnc: text('dutchie_api_key_enc'),
  /** Everyone in the company must sign in with two-factor; members without it can only set it up. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** The IANA time zone in which the company's days are counted (count plans' due days). */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** An admin hid the dashboard's getting-started card for the whole company (issue 54); null while it shows. */
  onboardingDismissedAt: timestamp('onboarding_dismissed_at', { withTimezone: true }),
  createdById: integer('created_by_id'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    /** AES-GCM ciphertext of the TOTP secret once two-factor is on; the pending one while setting up. */
    twoFactorSecretEnc: text('two_factor_secret_enc'),
    twoFactorPendingSecretEnc: text('two_factor_pending_secret_enc'),
    isTwoFactorEnabled: boolean('is_two_factor_enabled').notNull().default(false),
    /** The last accepted TOTP time step, so a code is never accepted twice. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /** 'light', 'dark' or 'system'. */
    theme: text('theme').notNull().default('system'),
    onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
    /** The company a new sign-in lands in. */
    defaultCompanyId: integer('default_company_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('memberships_company_idx').on(t.companyId)],
);

/** One row per bearer token; the token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The User-Agent it signed in with, and the address it was last used from. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Approximate: the auth hook refreshes it at most once a minute, so a request costs no write. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);
