// What a stored read costs on disk: readers stream a count's reads through the real protocol to a server on
// PostgreSQL, then the database's own sizes of what holds them (audit_reads' heap, TOAST and indexes over all its
// partitions, and the audit's batch rows) are divided by the reads stored, and scaled to a store counting 20,000
// reads a day for a year and to a chain of 1,000 such stores. The audit is then completed and what is kept of it
// after the raw reads' retention (audit_tags, one row per tag) is measured the same way, per tag and per read.
// Runs on main too (no audit_tags there: the compact lines are left out), for before/after figures.
// Usage: node bench/read-storage.mjs [reads=200000] [readsPerBatch=500]
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own database.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { freshDatabase, handheldBatch, pairReader, post, signUp, startServer } from './readers-lib.mjs';

const total = Number(process.argv[2] ?? 200_000);
const perBatch = Number(process.argv[3] ?? 500);
const READS_A_DAY = 20_000;
const STORES = 1_000;

const makeReads = () => handheldBatch(perBatch);

const gb = (bytes) =>
  bytes < 1e9 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e9).toFixed(bytes < 1e11 ? 2 : 0)} GB`;
const db = await freshDatabase();
const server = await startServer(db.url);
try {
  const userToken = await signUp(server.base);
  const token = await pairReader(server.base, userToken, 'STORAGE-1');
  const audit = (await post(server.base, '/api/rfid/audits', { client_audit_id: randomUUID() }, token)).body
    .audit_id;
  let stored = 0;
  let batches = 0;
  for (let seq = 0; stored < total; seq++, batches++) {
    const reads = makeReads();
    const res = await post(server.base, `/api/rfid/audits/${audit}/reads`, { batch_seq: seq, reads }, token);
    if (res.status !== 200) throw new Error(`batch: ${res.status} ${JSON.stringify(res.body)}`);
    stored += res.body.accepted;
  }

  const done = await post(server.base, `/api/rfid/audits/${audit}/complete`, { batch_count: batches }, token);
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const isCompacted = (await client.query(`select to_regclass('audit_tags') is not null as ok`)).rows[0].ok;
  await client.query(`vacuum analyze audit_reads, audit_batches${isCompacted ? ', audit_tags' : ''}`);
  const size = async (sql) => Number((await client.query(sql)).rows[0].n);
  const rows = await size('select count(*) as n from audit_reads');
  // Over the partitions (a plain table is its own tree).
  const heap = await size(`select sum(pg_table_size(relid)) as n from pg_partition_tree('audit_reads')`);
  const indexes = await size(`select sum(pg_indexes_size(relid)) as n from pg_partition_tree('audit_reads')`);
  const batchRows = await size(`select pg_total_relation_size('audit_batches') as n`);
  const epcText = await size('select avg(pg_column_size(epc)) as n from audit_reads');
  const tidText = await size('select avg(pg_column_size(tid)) as n from audit_reads');
  const tags = isCompacted ? await size('select count(*) as n from audit_tags') : 0;
  const compact = isCompacted ? await size(`select pg_total_relation_size('audit_tags') as n`) : 0;
  await client.end();

  const perRead = (heap + indexes + batchRows) / rows;
  const year = perRead * READS_A_DAY * 365;
  console.log(`read storage: ${rows.toLocaleString('en-US')} reads stored (${perBatch} a batch)`);
  console.log(
    `  per read: ${perRead.toFixed(0)} bytes (heap ${(heap / rows).toFixed(0)}, indexes ${(indexes / rows).toFixed(0)}, batch rows ${(batchRows / rows).toFixed(1)})`,
  );
  console.log(
    `  EPC stored as ${epcText.toFixed(0)} bytes, TID as ${tidText.toFixed(0)} bytes (column sizes)`,
  );
  console.log(
    `  one store, ${READS_A_DAY.toLocaleString('en-US')} reads a day: ${gb(perRead * READS_A_DAY)} a day, ${gb(year)} a year; ${STORES.toLocaleString('en-US')} stores: ${gb(perRead * READS_A_DAY * STORES)} a day, ${gb(year * STORES)} a year`,
  );
  if (isCompacted) {
    const compactPerRead = compact / rows;
    // Whole months are dropped: with 30 days' retention at most the current month and the one before stay.
    const rawKept = perRead * READS_A_DAY * 62;
    console.log(
      `  compact (audit_tags): ${tags.toLocaleString('en-US')} tags, ${(compact / tags).toFixed(0)} bytes a tag, ${compactPerRead.toFixed(1)} bytes a read (each tag read ${(rows / tags).toFixed(1)} times)`,
    );
    console.log(
      `  one store with READS_RETENTION_DAYS=30: compact ${gb(compactPerRead * READS_A_DAY * 365)} a year + raw reads of at most 62 days ${gb(rawKept)}; ${STORES.toLocaleString('en-US')} stores: ${gb((compactPerRead * READS_A_DAY * 365 + rawKept) * STORES)} after a year`,
    );
  }
} finally {
  await server.stop();
  await db.drop();
}
