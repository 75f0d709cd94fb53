import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What the portal last read from a company's Dutchie point-of-sale, shared by every server instance: the
 * inventory snapshot (kind 'inventory'), sales windows ('transactions', params 'from..to'), closing reports and
 * product details. Each row also says how the last attempt went, when the next one may run (after a 429 or an
 * outage) and who is fetching now (a short lease, so several instances don't all call Dutchie at once).
 */
export const dutchieCache = pgTable(
  'dutchie_cache',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: text('params').notNull().default(''),
    /** The last good answer, as the portal stores it (already mapped from Dutchie's fields). */
    body: jsonb('body'),
    fetchedAt: at('fetched_at'),
    attemptedAt: at('attempted_at'),
    /** rate_limited, unavailable, key_refused or forbidden: how the last failed attempt failed. */
    errorKind: text('error_kind'),
    errorAt: at('error_at'),
    /** No call to Dutchie for this row before this time (backoff after a failure). */
    retryAt: at('retry_at'),
    leaseUntil: at('lease_until'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.params] })],
);
