import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { locations } from './inventory.ts';
import { devices, tz } from './readers.ts';
import { bytea } from './reads.ts';

/**
 * A fixed reader's antennas mapped to places (issue 52): a read on a mapped port is at that place; a port with no
 * row reads at the reader's home, as before. Deleting the reader or the place deletes the mapping.
 */
export const deviceAntennas = pgTable(
  'device_antennas',
  {
    companyId: integer('company_id').notNull(),
    deviceId: integer('device_id').notNull(),
    port: integer('port').notNull(),
    locationId: integer('location_id').notNull(),
    name: text('name'),
  },
  (t) => [
    primaryKey({ name: 'device_antennas_pkey', columns: [t.companyId, t.deviceId, t.port] }),
    foreignKey({
      name: 'device_antennas_device_fk',
      columns: [t.companyId, t.deviceId],
      foreignColumns: [devices.companyId, devices.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'device_antennas_location_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Where each tag was last seen (issue 52): one row per tag (EPC, and TID when the reader sent one; an empty TID is
 * unknown), upserted by every fixed reader's post (a count open or not) and by every count's keep. No foreign keys:
 * a row is written per tag of every post, and a place deleted since is left out where it is read. Rows not seen for
 * the raw reads' retention are deleted with them.
 */
export const tagSightings = pgTable(
  'tag_sightings',
  {
    seenAt: tz('seen_at').notNull(),
    companyId: integer('company_id').notNull(),
    locationId: integer('location_id'),
    deviceId: integer('device_id'),
    antenna: integer('antenna'),
    rssi: real('rssi'),
    epc: bytea('epc').notNull(),
    tid: bytea('tid').notNull().default(sql`'\\x'::bytea`),
    /** The SGTIN's GTIN-14, decoded once when stored: "where is it" finds a product's tags by it. */
    gtin: text('gtin'),
  },
  (t) => [
    primaryKey({ name: 'tag_sightings_pkey', columns: [t.companyId, t.epc, t.tid] }),
    index('tag_sightings_gtin_idx').on(t.companyId, t.gtin, t.locationId).where(sql`${t.gtin} IS NOT NULL`),
  ],
);
