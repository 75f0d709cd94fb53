import { type SQL, sql } from 'drizzle-orm';

// What is kept of an audit's reads once it completes (audit_tags, audits' table), gathered from the raw reads
// (audit_reads, ingest's table: read here, declared in architecture.test.ts). The reconciliation and ingest's
// compaction of legacy reads (ingest/reads-storage.repo.ts) both insert with these.

/**
 * An audit's reads gathered per distinct EPC, as audit_tags keeps them: units are the distinct TIDs (at least 1,
 * the reconciliation's rule), reads the sum of the counts.
 */
export const tagsOfReads = (
  cid: SQL,
  aid: SQL,
) => sql`select ${cid}, ${aid}, epc, count(distinct tid)::int, sum(count)::int,
    max(rssi), min(seen_at), max(seen_at), max(gtin), max(decoded)
  from audit_reads where company_id = ${cid} and audit_id = ${aid} group by epc`;

export const AUDIT_TAG_COLUMNS = sql.raw(
  'company_id, audit_id, epc, tids, reads, best_rssi, first_seen, last_seen, gtin, decoded',
);
