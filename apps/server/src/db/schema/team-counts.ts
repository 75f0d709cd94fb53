import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { auditRef, tz } from './readers.ts';

/**
 * The readers counting one audit together (issue 49): the device that started it is seat 0, each one that joins takes
 * the next seat. A participant's own batch n is stored as audit_batches.batch_seq = seat * 1,000,000 + n (seat 0:
 * unchanged), so batches and reads keep their keys. `is_open` is true while the reader counts here: it goes false when
 * the reader finishes its part, when the count completes or fails, or when a start finds the count timed out. The
 * partial unique index on (company_id, device_id) WHERE is_open is "one open count per reader", held by the database
 * on every path that starts or joins a count. No reference to devices: a deleted reader's row keeps its name, as the
 * audit does.
 */
export const auditParticipants = pgTable(
  'audit_participants',
  {
    joinedAt: tz('joined_at').notNull().defaultNow(),
    /** When it finished its part (or the count was finished for everyone); null while it counts. */
    finishedAt: tz('finished_at'),
    companyId: integer('company_id').notNull(),
    auditId: integer('audit_id').notNull(),
    deviceId: integer('device_id').notNull(),
    seat: integer('seat').notNull(),
    /** The batches it said it sent when it finished its part (null: not finished, or finished for it). */
    batchCount: integer('batch_count'),
    /** Who holds it: a browser's owner, or the person who added a fixed reader; null for a reader alone. */
    personId: integer('person_id').references(() => users.id, { onDelete: 'set null' }),
    isOpen: boolean('is_open').notNull().default(true),
    /** The reader's name when it joined, kept when the reader is deleted. */
    deviceName: text('device_name').notNull(),
    personName: text('person_name'),
  },
  (t) => [
    primaryKey({ name: 'audit_participants_pkey', columns: [t.companyId, t.auditId, t.deviceId] }),
    auditRef('audit_participants', t),
    uniqueIndex('audit_participants_seat_unique').on(t.companyId, t.auditId, t.seat),
    // One open count per reader: a second start or join of a reader with a count open fails here.
    uniqueIndex('audit_participants_open_device_unique').on(t.companyId, t.deviceId).where(sql`${t.isOpen}`),
  ],
);
