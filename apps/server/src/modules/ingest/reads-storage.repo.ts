import { type SQL, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.ts';
import type { Db } from '../../db/client.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { AUDIT_TAG_COLUMNS, tagsOfReads } from '../audits/audit-tags.repo.ts';

// Where raw reads live (audit_reads, partitioned by the month they were stored in) and what is kept of them
// (audit_tags). The partition functions are in the migration 0019_read_storage.

/** The advisory lock keys (two-int form): the legacy move, the legacy table's drop, retention. */
const LOCK = ADVISORY_LOCKS.readsStorage;
const LEGACY_MOVE_LOCK = sql`${LOCK}::int, 2`;
const LEGACY_TABLE_LOCK = sql`${LOCK}::int, 3`;
const RETENTION_LOCK = sql`${LOCK}::int, 4`;

/** The job's locks, taken for the transaction if no other instance holds them: moving legacy reads, retention. */
export async function tryLock(tx: Db, what: 'legacyMove' | 'retention'): Promise<boolean> {
  const key = what === 'legacyMove' ? LEGACY_MOVE_LOCK : RETENTION_LOCK;
  const locked = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${key}) as ok`);
  return locked.rows[0]?.ok === true;
}

/**
 * What this process remembers of the reads' storage in its database, so the ingest asks it rarely: the month whose
 * partitions are known to exist, and whether the legacy table is gone (it never comes back). One per app, built in
 * buildApp with the ingest's dependencies (app.ingest.reads).
 */
export type ReadsStorageMemory = { ensuredMonth: string | null; isLegacyGone: boolean };
export const readsStorageMemory = (): ReadsStorageMemory => ({ ensuredMonth: null, isLegacyGone: false });

/**
 * This month's and next month's partitions exist (created when missing): called before reads are stored, it asks
 * the database once a month per process (and the reads storage job asks on every run), so an insert never finds
 * its month missing, even at the turn of the month. Run outside the ingest's transaction, so what it creates stays.
 */
export async function ensureReadPartitions(db: Db, memory: ReadsStorageMemory): Promise<void> {
  const month = new Date().toISOString().slice(0, 7);
  if (memory.ensuredMonth === month) return;
  await createPartitionsAhead(db);
  memory.ensuredMonth = month;
}

/** This month's and next month's partitions, created when missing (the job's step, on every run). */
export async function createPartitionsAhead(db: Db): Promise<void> {
  await db.execute(sql`select audit_reads_partitions_ahead()`);
}

/** Hex text (legacy rows) as bytes; text that is not hex (never accepted, but old rows are not checked) as UTF-8. */
const legacyBytes = (column: SQL) => sql`case when ${column} ~ '^[0-9A-Fa-f]*$'
    then decode(case when length(${column}) % 2 = 1 then '0' || ${column} else ${column} end, 'hex')
    else convert_to(${column}, 'UTF8') end`;

/**
 * Moves one audit's reads from audit_reads_legacy (the table before 0019_read_storage) into audit_reads, as bytes,
 * stored in the month their batch arrived; a completed audit is compacted too. The caller holds the audit's row
 * FOR UPDATE (completion does, the job takes it), so no batch or completion runs beside it. Returns the reads moved.
 * `companyId`: the audit's company when the caller knows it (a completion); the job, which finds the audit in the
 * legacy table (it has no company), looks the company up once, and every other statement goes by the audit's key.
 */
export async function moveLegacyAudit(tx: Db, auditId: number, companyId?: number): Promise<number> {
  const aid = sql`${auditId}::int`;
  const ofCompany = companyId === undefined ? sql`` : sql`company_id = ${companyId} and `;
  const [audit] = (
    await tx.execute<{ company_id: number; status: string }>(
      sql`select company_id, status from audits where ${ofCompany}id = ${aid} for update`,
    )
  ).rows;
  if (!audit) {
    // The audit is gone (deleted with its company): its legacy reads have nothing to belong to. The legacy table
    // has no reference to audits since 0020_tenant_key, so they are deleted here rather than by a cascade.
    await tx.execute(sql`delete from audit_reads_legacy where audit_id = ${aid}`);
    return 0;
  }
  // The day each read was stored: its batch's arrival (the audit's start for a read without its batch row).
  const storedOn = sql`(coalesce(b.received_at, a.created_at) at time zone 'UTC')::date`;
  const cid = sql`${audit.company_id}::int`;
  await tx.execute(sql`select audit_reads_partition(d) from (
    select distinct (date_trunc('month', received_at at time zone 'UTC'))::date as d
    from audit_batches where company_id = ${cid} and audit_id = ${aid}
    union select (date_trunc('month', created_at at time zone 'UTC'))::date from audits
    where company_id = ${cid} and id = ${aid}
  ) months`);
  const moved = await tx.execute(sql`with moved as (
    delete from audit_reads_legacy where audit_id = ${aid} returning *
  )
  insert into audit_reads (company_id, audit_id, batch_seq, ordinal, received_on, epc, tid, rssi, count, seen_at,
    gtin, decoded)
  select a.company_id, m.audit_id, m.batch_seq, m.ordinal, ${storedOn},
    ${legacyBytes(sql`m.epc`)}, ${legacyBytes(sql`m.tid`)}, m.rssi, m.count, m.seen_at, m.gtin, m.decoded
  from moved m join audits a on a.company_id = ${cid} and a.id = m.audit_id
  left join audit_batches b on b.company_id = ${cid} and b.audit_id = m.audit_id and b.batch_seq = m.batch_seq`);
  if (audit.status === 'completed') {
    await tx.execute(sql`insert into audit_tags (${AUDIT_TAG_COLUMNS})
      ${tagsOfReads(sql`${audit.company_id}::int`, aid)} on conflict do nothing`);
  }
  return moved.rowCount ?? 0;
}

/**
 * Completion's part of the move: while audit_reads_legacy exists, the audit's own legacy reads move first, so the
 * completing statement reads audit_reads alone. The shared advisory lock keeps the job from dropping the legacy
 * table meanwhile. Once the table is gone (it never comes back) this process stops asking (`memory`: what it
 * remembers of the database the transaction `tx` belongs to).
 */
export async function moveOwnLegacyReads(
  tx: Db,
  memory: ReadsStorageMemory,
  companyId: number,
  auditId: number,
): Promise<void> {
  if (memory.isLegacyGone) return;
  // Two statements: the lock is held before the table is looked for.
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LEGACY_TABLE_LOCK})`);
  if (await hasLegacyTable(tx)) await moveLegacyAudit(tx, auditId, companyId);
  else memory.isLegacyGone = true;
}

export async function hasLegacyTable(db: Db): Promise<boolean> {
  const [row] = (
    await db.execute<{ ok: boolean }>(sql`select to_regclass('audit_reads_legacy') is not null as ok`)
  ).rows;
  return row?.ok === true;
}

/** The next audit with legacy reads (the legacy key's order), or undefined when the table is empty. */
export async function nextLegacyAudit(tx: Db): Promise<number | undefined> {
  const [row] = (
    await tx.execute<{ audit_id: number }>(
      sql`select audit_id from audit_reads_legacy order by audit_id limit 1`,
    )
  ).rows;
  return row ? Number(row.audit_id) : undefined;
}

/** Drops the empty legacy table, unless a completion is moving reads out of it right now (false then). */
export async function dropLegacyTable(tx: Db): Promise<boolean> {
  const [row] = (
    await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${LEGACY_TABLE_LOCK}) as ok`)
  ).rows;
  if (!row?.ok) return false;
  if (await nextLegacyAudit(tx)) return false;
  await tx.execute(sql`drop table audit_reads_legacy`);
  return true;
}

export type ReadPartition = { name: string; start: Date; end: Date };

/** audit_reads' month partitions, oldest first. */
export async function readPartitions(db: Db): Promise<ReadPartition[]> {
  const rows = (
    await db.execute<{ name: string }>(sql`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'audit_reads'::regclass and c.relname ~ '^audit_reads_p[0-9]{6}$'
      order by c.relname`)
  ).rows;
  return rows.map(({ name }) => {
    const year = Number(name.slice(13, 17));
    const month = Number(name.slice(17, 19)) - 1;
    return { name, start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
  });
}

/**
 * Whether an audit still open (in progress or pending, as everyone sees it) may have reads in the partition: one
 * started before the month ended (its reads are all stored after its start). Asked of the audits alone: probing a
 * month of reads per open audit cost a second and more (the planner scans the month for a LIMIT 1).
 */
export async function holdsOpenAudit(db: Db, partition: ReadPartition, clock: AuditClock): Promise<boolean> {
  const [row] = (
    await db.execute<{ open: boolean }>(sql`select exists (
      select 1 from audits
      where audits.status <> 'completed' and audits.created_at < ${partition.end.toISOString()}::timestamptz
        and ${clock.status()} in ('in_progress', 'pending')
    ) as open`)
  ).rows;
  return row?.open === true;
}

/**
 * Drops a month partition. The lock time-out bounds how long ingest could queue behind the drop's brief exclusive
 * lock on audit_reads when a long transaction holds it: the drop gives up and the next run tries again.
 */
export async function dropPartition(tx: Db, partition: string): Promise<void> {
  await tx.execute(sql`set local lock_timeout = '2s'`);
  await tx.execute(sql`drop table ${sql.identifier(partition)}`);
}
