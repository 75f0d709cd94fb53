import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts.ts';
import { locations } from './inventory.ts';
import { tz } from './readers.ts';

/**
 * EPCIS 2.0 documents sent to POST /api/epcis/capture (issue 53), one row per document: its outcome, as the standard's
 * capture interface answers it at GET /api/epcis/capture/{id}. Written in the transaction that stores its events.
 */
export const epcisCaptures = pgTable(
  'epcis_captures',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    finishedAt: tz('finished_at'),
    success: boolean('success'),
    /** Events stored (an event whose eventID was captured before is not stored twice). */
    eventCount: integer('event_count').notNull().default(0),
    /** Who sent it: an API key's or a person's name, for the security of the record. */
    sentBy: text('sent_by'),
    /** Why it failed ({ type, title, detail } as the standard's capture job answers), or []. */
    errors: jsonb('errors').notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [primaryKey({ name: 'epcis_captures_pkey', columns: [t.companyId, t.id] })],
);

/**
 * Events captured from EPCIS documents, as sent (the event's JSON, with its document's @context when that names more
 * than the standard's), for GET /api/epcis/events. A count's own events are not stored here: they are written from
 * the audit when asked for. `location_id` is the place the event names (bizLocation, else readPoint, else its first
 * destination), resolved at capture by GLN or urn:quantics:location:{id}; null when it names none of ours.
 */
export const epcisEvents = pgTable(
  'epcis_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    captureId: uuid('capture_id').notNull(),
    eventTime: tz('event_time').notNull(),
    recordTime: tz('record_time').notNull().defaultNow(),
    type: text('type').notNull(),
    bizStep: text('biz_step'),
    /** The event's eventID, when it has one: the same event captured again is stored once. */
    eventId: text('event_id'),
    locationId: integer('location_id'),
    event: jsonb('event').notNull(),
  },
  (t) => [
    primaryKey({ name: 'epcis_events_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'epcis_events_capture_fk',
      columns: [t.companyId, t.captureId],
      foreignColumns: [epcisCaptures.companyId, epcisCaptures.id],
    }).onDelete('cascade'),
    // ON DELETE SET NULL (location_id) in the migration: the event stays when its place is deleted.
    foreignKey({
      name: 'epcis_events_location_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }).onDelete('set null'),
    uniqueIndex('epcis_events_event_id_unique')
      .on(t.companyId, t.eventId)
      .where(sql`${t.eventId} IS NOT NULL`),
    index('epcis_events_time_idx').on(t.companyId, t.eventTime, t.id),
  ],
);
