// Jobs retention: the clean-up (src/jobs/retention.ts) at a million rows each of `events` and `mail_jobs`, half of
// them past JOBS_RETENTION_DAYS, while a writer keeps inserting events and mail jobs as ingest and dispatch do.
// Prints how long the pass took, its rows a second, the longest batch, the pass with nothing to delete, and the
// writer's insert latency bare and while the pass runs (alternated: bare, clean-up, bare).
// Usage: node bench/jobs-retention.mjs [rowsPerTable=1000000]
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own database.
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { freshDatabase, pct as pctSorted } from './readers-lib.mjs';

const pct = (values, p) =>
  pctSorted(
    [...values].sort((a, b) => a - b),
    p,
  );

const { openDatabase } = await tsImport('../apps/server/src/db/client.ts', import.meta.url);
const { deleteExpired, RETENTION_BATCH } = await tsImport(
  '../apps/server/src/jobs/retention.ts',
  import.meta.url,
);
const { deleteOldBatch } = await tsImport('../apps/server/src/jobs/retention.repo.ts', import.meta.url);
const { JOB_KINDS } = await tsImport('../apps/server/src/jobs/kinds.ts', import.meta.url);
const kindOf = (table) => JOB_KINDS.find((k) => k.record.table === table);

const rows = Number(process.argv[2] ?? 1_000_000);
const days = { jobsDays: 30, webhookLogDays: 30 };

const db = await freshDatabase();
const app = await openDatabase({ url: db.url });
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
try {
  const companyId = (await pool.query(`insert into companies (name) values ('Bench') returning id`)).rows[0]
    .id;
  const t0 = performance.now();
  // Half older than the period (sent or handed on 40 days ago), half recent, interleaved in insertion order.
  await pool.query(
    `insert into events (company_id, type, payload, created_at, dispatched_at)
     select $1, 'audit.completed', '{"audit_id":1}', at, at
     from (select now() - (case when g % 2 = 0 then interval '40 days' else interval '1 day' end) as at
       from generate_series(1, $2) g) s`,
    [companyId, rows],
  );
  await pool.query(
    `insert into mail_jobs (company_id, to_email, message, sent_at, created_at)
     select $1, 'someone@bench.test', '{"subject":"An audit was completed","text":"..."}', at, at
     from (select now() - (case when g % 2 = 0 then interval '40 days' else interval '1 day' end) as at
       from generate_series(1, $2) g) s`,
    [companyId, rows],
  );
  await pool.query('vacuum analyze events, mail_jobs');
  console.log(
    `seeded ${rows} events and ${rows} mail jobs in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  /** Inserts an event and a mail job, one short transaction each, for `ms`; returns each insert's latency. */
  async function writer(ms) {
    const latencies = [];
    const until = performance.now() + ms;
    while (performance.now() < until) {
      const s = performance.now();
      await pool.query(
        `insert into events (company_id, type, payload, dispatched_at) values ($1, 'audit.completed', '{}', now())`,
        [companyId],
      );
      await pool.query(
        `insert into mail_jobs (company_id, to_email, message) values ($1, 'w@bench.test', '{}')`,
        [companyId],
      );
      latencies.push(performance.now() - s);
    }
    return latencies;
  }
  const show = (label, l) =>
    console.log(
      `${label.padEnd(28)} inserts ${String(l.length).padStart(5)}  p50 ${pct(l, 50).toFixed(1)} ms  p95 ${pct(l, 95).toFixed(1)} ms  max ${Math.max(...l).toFixed(1)} ms`,
    );

  const bareBefore = await writer(10_000);
  // The pass, batch by batch as deleteExpired runs it, timing each batch.
  const batchMs = [];
  let deleted = 0;
  let writing = true;
  const during = [];
  const writerDuring = (async () => {
    while (writing) during.push(...(await writer(500)));
  })();
  const passStart = performance.now();
  const now = new Date();
  for (const target of ['mail_jobs', 'events']) {
    const cutoff = new Date(now.getTime() - 30 * 86_400_000);
    for (;;) {
      const s = performance.now();
      const n = await app.db.transaction((tx) => deleteOldBatch(tx, kindOf(target), cutoff, RETENTION_BATCH));
      batchMs.push(performance.now() - s);
      deleted += n ?? 0;
      if ((n ?? 0) < RETENTION_BATCH) break;
    }
  }
  const passMs = performance.now() - passStart;
  writing = false;
  await writerDuring;
  const bareAfter = await writer(10_000);
  const idleStart = performance.now();
  const again = await deleteExpired(app.db, days);
  const idleMs = performance.now() - idleStart;

  console.log(
    `clean-up pass: ${deleted} rows deleted in ${(passMs / 1000).toFixed(1)} s (${Math.round(deleted / (passMs / 1000))} rows/s), ` +
      `${batchMs.length} batches of ${RETENTION_BATCH}: p50 ${pct(batchMs, 50).toFixed(0)} ms, p95 ${pct(batchMs, 95).toFixed(0)} ms, max ${Math.max(...batchMs).toFixed(0)} ms`,
  );
  console.log(
    `pass with nothing past the period (${rows} rows left in each table): ${idleMs.toFixed(0)} ms, deleted ${JSON.stringify(again)}`,
  );
  // The steady state: the deleted rows vacuumed away (autovacuum's work), then the pass with nothing to delete by
  // the finished-at indexes (migration 0028), without them (a scan of each table), and with them again.
  await pool.query('vacuum analyze events, mail_jobs');
  const INDEXES = {
    events_dispatched_at_idx: 'events (dispatched_at)',
    mail_jobs_finished_idx: 'mail_jobs (coalesce(sent_at, failed_at))',
  };
  const idlePass = async (label) => {
    const runs = [];
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      await deleteExpired(app.db, days);
      runs.push(performance.now() - s);
    }
    console.log(
      `${label.padEnd(44)} median of 5 ${pct(runs, 50).toFixed(1)} ms, max ${Math.max(...runs).toFixed(1)} ms`,
    );
  };
  await idlePass('idle pass, vacuumed, with the indexes');
  for (const name of Object.keys(INDEXES)) await pool.query(`drop index ${name}`);
  await idlePass('idle pass, vacuumed, without them');
  for (const [name, on] of Object.entries(INDEXES)) await pool.query(`create index ${name} on ${on}`);
  await pool.query('analyze events, mail_jobs');
  await idlePass('idle pass, vacuumed, with the indexes again');
  show('writer, bare (before)', bareBefore);
  show('writer, during the clean-up', during);
  show('writer, bare (after)', bareAfter);
} finally {
  await pool.end();
  await app.close();
  await db.drop();
}
