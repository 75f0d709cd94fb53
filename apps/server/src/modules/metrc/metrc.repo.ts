import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The SQL of Metrc's part (issue 51): the company's connection, the shipments made from its manifests (their rows in
 * `shipments`, made and updated here only while still expected, and their Metrc packages) and what a receipt read
 * of those packages. Always scoped by company.
 */

export type ConnectionRow = {
  license_number: string;
  user_key_enc: string;
  location_id: number;
  location_name: string | null;
  state: string;
  message: string | null;
  synced_through: Date | null;
  last_success_at: Date | null;
  last_manifests: number | null;
  next_sync_at: Date | null;
};

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

export async function connectionOf(db: Db, companyId: number): Promise<ConnectionRow | undefined> {
  const r = await db.execute<ConnectionRow>(sql`
    select c.license_number, c.user_key_enc, c.location_id, l.name as location_name, c.state, c.message,
      c.synced_through, c.last_success_at, c.last_manifests, c.next_sync_at
    from metrc_connections c
    left join locations l on l.company_id = c.company_id and l.id = c.location_id
    where c.company_id = ${companyId}`);
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    ...row,
    location_id: Number(row.location_id),
    synced_through: date(row.synced_through),
    last_success_at: date(row.last_success_at),
    next_sync_at: date(row.next_sync_at),
  };
}

/** Stores the key (sealed), license and place; a new license reads its manifests from the start again. */
export async function saveConnection(
  tx: Db,
  companyId: number,
  c: { licenseNumber: string; userKeyEnc: string; locationId: number },
): Promise<void> {
  await tx.execute(sql`
    insert into metrc_connections (company_id, license_number, user_key_enc, location_id, state, next_sync_at)
    values (${companyId}, ${c.licenseNumber}, ${c.userKeyEnc}, ${c.locationId}, 'pending', now())
    on conflict (company_id) do update set
      synced_through = case when metrc_connections.license_number = excluded.license_number
        then metrc_connections.synced_through end,
      license_number = excluded.license_number, user_key_enc = excluded.user_key_enc,
      location_id = excluded.location_id, state = 'pending', message = null, next_sync_at = now(),
      updated_at = now()`);
}

/** How a sync ended: its state and message, when the next may run, and (after a good one) how far it read. */
export async function saveOutcome(
  db: Db,
  companyId: number,
  o: {
    state: string;
    message: string | null;
    at: Date;
    nextSyncAt: Date | null;
    syncedThrough?: Date;
    manifests?: number;
  },
): Promise<void> {
  const isGood = o.syncedThrough !== undefined;
  await db.execute(sql`
    update metrc_connections set state = ${o.state}, message = ${o.message}, last_attempt_at = ${o.at.toISOString()},
      next_sync_at = ${o.nextSyncAt?.toISOString() ?? null},
      synced_through = ${isGood ? sql`${o.syncedThrough?.toISOString()}::timestamptz` : sql`synced_through`},
      last_success_at = ${isGood ? sql`${o.at.toISOString()}::timestamptz` : sql`last_success_at`},
      last_manifests = ${isGood ? sql`${o.manifests ?? 0}::int` : sql`last_manifests`},
      updated_at = now()
    where company_id = ${companyId}`);
}

/** Companies whose manifests are due to be read (a refused key waits for its replacement: no next time). */
export async function dueCompanies(db: Db, now: Date, limit: number): Promise<number[]> {
  const r = await db.execute<{ company_id: number }>(sql`
    select company_id from metrc_connections where next_sync_at <= ${now.toISOString()}
    order by next_sync_at limit ${limit}`);
  return r.rows.map((row) => Number(row.company_id));
}

/** A manifest as a shipment is made of it. */
export type Manifest = {
  transferId: number;
  manifestNumber: string;
  shipperName: string | null;
  shipperLicense: string | null;
  expectedAt: string | null;
  lastModified: string | null;
  /** Voided by its shipper: its still-expected shipment goes. */
  isVoided: boolean;
  packages: {
    label: string;
    deliveryId: number;
    itemName: string;
    category: string | null;
    quantity: number;
    unit: string;
  }[];
};

/** The shipment of a manifest number in the company, if any, and whether Metrc made it. */
export async function shipmentOfManifest(tx: Db, companyId: number, manifestNumber: string) {
  const r = await tx.execute<{
    id: number;
    status: string;
    is_metrc: boolean;
    last_modified: string | null;
  }>(sql`
    select s.id, s.status, t.shipment_id is not null as is_metrc, t.last_modified
    from shipments s
    left join metrc_transfers t on t.company_id = s.company_id and t.shipment_id = s.id
    where s.company_id = ${companyId} and s.reference = ${manifestNumber} for update of s`);
  const row = r.rows[0];
  return row
    ? { id: Number(row.id), status: row.status, isMetrc: row.is_metrc, lastModified: row.last_modified }
    : undefined;
}

/** A new expected shipment of a manifest; undefined when its reference was taken meanwhile. */
export async function insertManifest(
  tx: Db,
  companyId: number,
  locationId: number,
  m: Manifest,
): Promise<number | undefined> {
  const r = await tx.execute<{ id: number }>(sql`
    insert into shipments (company_id, reference, supplier, destination_location_id, expected_at, status, created_by)
    values (${companyId}, ${m.manifestNumber}, ${m.shipperName}, ${locationId}, ${m.expectedAt}, 'expected', 'Metrc')
    on conflict (company_id, reference) do nothing returning id`);
  const id = r.rows[0] ? Number(r.rows[0].id) : undefined;
  if (id === undefined) return undefined;
  await tx.execute(sql`
    insert into metrc_transfers (company_id, shipment_id, transfer_id, manifest_number, shipper_license, last_modified)
    values (${companyId}, ${id}, ${m.transferId}, ${m.manifestNumber}, ${m.shipperLicense}, ${m.lastModified})`);
  await insertPackages(tx, companyId, id, m);
  return id;
}

/** A still-expected manifest's shipment brought up to date: its shipper, arrival and packages as Metrc has them now. */
export async function updateManifest(
  tx: Db,
  companyId: number,
  shipmentId: number,
  m: Manifest,
): Promise<void> {
  await tx.execute(sql`
    update shipments set supplier = ${m.shipperName}, expected_at = ${m.expectedAt}
    where company_id = ${companyId} and id = ${shipmentId} and status = 'expected'`);
  await tx.execute(sql`
    update metrc_transfers set transfer_id = ${m.transferId}, shipper_license = ${m.shipperLicense},
      last_modified = ${m.lastModified}
    where company_id = ${companyId} and shipment_id = ${shipmentId}`);
  await tx.execute(
    sql`delete from metrc_packages where company_id = ${companyId} and shipment_id = ${shipmentId}`,
  );
  await insertPackages(tx, companyId, shipmentId, m);
}

/** A voided manifest's shipment, while still expected, goes (its packages with it). */
export async function deleteExpectedManifest(tx: Db, companyId: number, shipmentId: number): Promise<void> {
  await tx.execute(
    sql`delete from shipments where company_id = ${companyId} and id = ${shipmentId} and status = 'expected'`,
  );
}

async function insertPackages(tx: Db, companyId: number, shipmentId: number, m: Manifest) {
  if (m.packages.length === 0) return;
  const rows = m.packages.map(
    (p) =>
      sql`(${companyId}::int, ${shipmentId}::int, ${p.label}, ${p.deliveryId}::int, ${p.itemName}, ${p.category}, ${String(p.quantity)}::numeric, ${p.unit})`,
  );
  await tx.execute(sql`
    insert into metrc_packages (company_id, shipment_id, label, delivery_id, item_name, category, shipped_quantity,
      shipped_unit)
    values ${sql.join(rows, sql`, `)}
    on conflict (company_id, shipment_id, label) do update set shipped_quantity = excluded.shipped_quantity,
      shipped_unit = excluded.shipped_unit, item_name = excluded.item_name, category = excluded.category`);
}

export type PackageRow = {
  label: string;
  item_name: string;
  category: string | null;
  shipped: number;
  unit: string;
  read: boolean;
  /** A quantity counted by hand with a scan of the label (the last given), else null. */
  counted: number | null;
};

/** The Metrc transfer a shipment was made from, or undefined for any other shipment. */
export async function transferOf(db: Db, companyId: number, shipmentId: number) {
  const r = await db.execute<{
    transfer_id: number;
    manifest_number: string;
    shipper_license: string | null;
  }>(sql`
    select transfer_id, manifest_number, shipper_license from metrc_transfers
    where company_id = ${companyId} and shipment_id = ${shipmentId}`);
  const row = r.rows[0];
  return row ? { ...row, transfer_id: Number(row.transfer_id) } : undefined;
}

/**
 * A manifest's packages and, with `auditId`, whether its receipt read each label so far: as a tag (its EPC is the
 * label) or a scan (any case), and the quantity counted by hand with a scan, the last given. Without `auditId`: as
 * kept when the receipt completed.
 */
export async function packagesOf(
  db: Db,
  companyId: number,
  shipmentId: number,
  auditId: number | null,
): Promise<PackageRow[]> {
  const cid = sql`${companyId}::int`;
  const r = await db.execute<PackageRow>(
    auditId === null
      ? sql`select label, item_name, category, shipped_quantity::float8 as shipped, shipped_unit as unit,
          received_at is not null as read, received_quantity::float8 as counted
        from metrc_packages where company_id = ${cid} and shipment_id = ${shipmentId} order by label`
      : sql`select p.label, p.item_name, p.category, p.shipped_quantity::float8 as shipped, p.shipped_unit as unit,
          (exists (select 1 from audit_reads r where r.company_id = ${cid} and r.audit_id = ${auditId}
              and r.epc = decode(p.label, 'hex'))
            or exists (select 1 from audit_scans s where s.company_id = ${cid} and s.audit_id = ${auditId}
              and upper(coalesce(s.epc, s.code)) = p.label)) as read,
          (select s.quantity from audit_scans s where s.company_id = ${cid} and s.audit_id = ${auditId}
              and upper(coalesce(s.epc, s.code)) = p.label and s.quantity is not null
            order by s.batch_seq desc, s.ordinal desc limit 1)::float8 as counted
        from metrc_packages p where p.company_id = ${cid} and p.shipment_id = ${shipmentId} order by p.label`,
  );
  return r.rows.map((row) => ({
    ...row,
    shipped: Number(row.shipped),
    counted: row.counted === null ? null : Number(row.counted),
  }));
}

/** At the receipt's completion: each package read is stamped, with its hand-counted quantity when one was given. */
export async function keepPackagesRead(
  tx: Db,
  companyId: number,
  shipmentId: number,
  rows: PackageRow[],
  at: Date,
): Promise<void> {
  const read = rows.filter((p) => p.read);
  if (read.length === 0) return;
  const values = read.map(
    (p) => sql`(${p.label}, ${p.counted === null ? null : String(p.counted)}::numeric)`,
  );
  await tx.execute(sql`
    update metrc_packages p set received_at = ${at.toISOString()}, received_quantity = v.q
    from (values ${sql.join(values, sql`, `)}) as v(label, q)
    where p.company_id = ${companyId} and p.shipment_id = ${shipmentId} and p.label = v.label`);
}
