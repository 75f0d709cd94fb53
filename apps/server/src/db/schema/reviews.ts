import { sql } from 'drizzle-orm';
import {
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

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A company's count policy: a count's shortage or overage line off by more than `approval_units` units, or worth
 * more than `approval_value` at cost, waits for an admin's approval before it is applied. No row, or both null:
 * approval is off and counts are applied as they always were.
 */
export const countPolicies = pgTable('count_policies', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  approvalUnits: integer('approval_units'),
  approvalValue: numeric('approval_value', { precision: 12, scale: 2 }),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * Why a count's line was adjusted (damaged, theft, vendor short...). Each company starts with the default list
 * (contracts' DEFAULT_REASON_CODES, added the first time the list is read); admins add, rename and retire codes. A
 * code a decision refers to cannot be deleted (the decisions' foreign key), only retired.
 */
export const reasonCodes = pgTable(
  'reason_codes',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    label: text('label').notNull(),
    retiredAt: tz('retired_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'reason_codes_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('reason_codes_code_unique').on(t.companyId, sql`lower(${t.code})`),
  ],
);
