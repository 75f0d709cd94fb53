// pg-boss on our own connection (src/jobs/boss.ts), on both databases: what its schema costs the migrations and a
// test file's fresh database, how long it takes to start, and account e-mail queued inside a Drizzle transaction
// (record and pg-boss job together), then fetched and finished as the scheduler does. Prints each figure for the
// migrations without pg-boss (those before 0031_pgboss) and with it (all), alternated `rounds` times.
// Usage: node bench/pgboss.mjs [jobs=200] [rounds=3]
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own databases.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { freshDatabase } from './readers-lib.mjs';

const { openDatabase, MIGRATIONS_DIR } = await tsImport('../apps/server/src/db/client.ts', import.meta.url);
const { startBoss } = await tsImport('../apps/server/src/jobs/boss.ts', import.meta.url);
const { queueAccountMail } = await tsImport('../apps/server/src/jobs/mail-jobs.repo.ts', import.meta.url);
const { JOB_KINDS } = await tsImport('../apps/server/src/jobs/kinds.ts', import.meta.url);
const { accountMail } = await tsImport('../apps/server/src/jobs/mail.job.ts', import.meta.url);
const { fetchJobs, mailRecords, finishBossJob } = await tsImport(
  '../apps/server/src/jobs/queue.repo.ts',
  import.meta.url,
);

const jobs = Number(process.argv[2] ?? 200);
const rounds = Number(process.argv[3] ?? 3);

/** The migrations before pg-boss: a copy of the folder whose journal stops before 0031_pgboss. */
function migrationsBefore() {
  const dir = mkdtempSync(join(tmpdir(), 'quantics-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const first = journal.entries.find((e) => e.tag.endsWith('_pgboss')).idx;
  journal.entries = journal.entries.filter((e) => e.idx < first);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const ms = (t0) => Math.round(performance.now() - t0);
const message = (i) => ({ to: `p${i}@bench.test`, subject: 'Hi', text: 'hi', html: '<p>hi</p>' });

async function pgliteRound(migrationsDir, withBoss) {
  let t0 = performance.now();
  const fresh = await openDatabase({ dataDir: null, migrationsDir });
  const migrate = ms(t0);
  const dump = await fresh.dump();
  await fresh.close();
  t0 = performance.now();
  const copy = await openDatabase({ dataDir: null, migrationsDir, from: dump });
  const open = ms(t0);
  const out = { migrate, dumpKb: Math.round(dump.size / 1024), open };
  if (withBoss) Object.assign(out, await bossFigures(copy));
  await copy.close();
  return out;
}

async function postgresRound(migrationsDir, withBoss) {
  const template = await freshDatabase();
  let t0 = performance.now();
  const fresh = await openDatabase({ url: template.url, migrationsDir });
  const migrate = ms(t0);
  await fresh.close();
  // A test file's database: a copy of the migrated template (test/test-app.ts migratedTemplate).
  const name = `${new URL(template.url).pathname.slice(1)}_copy`;
  const admin = new pg.Client({ connectionString: new URL('/postgres', template.url).toString() });
  await admin.connect();
  t0 = performance.now();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${new URL(template.url).pathname.slice(1)}`);
  const copyMs = ms(t0);
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  t0 = performance.now();
  const copy = await openDatabase({ url: url.toString(), migrationsDir });
  const open = ms(t0);
  const out = { migrate, copy: copyMs, open };
  if (withBoss) Object.assign(out, await bossFigures(copy));
  await copy.close();
  await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.end();
  await template.drop();
  return out;
}

/** Start, then `jobs` account e-mails queued one transaction each, one rolled back, fetched and finished by 10s. */
async function bossFigures(database) {
  let t0 = performance.now();
  const boss = await startBoss(database, {
    queues: JOB_KINDS.map((kind) => ({
      kind,
      attemptTimeoutMs: kind.name === 'event-dispatch' ? 0 : 30_000,
    })),
    jobsDays: 30,
    supervise: false,
    onError: (err) => console.error(err),
  });
  const start = ms(t0);
  await database.db
    .transaction(async (tx) => {
      await queueAccountMail(tx, [message(-1)]);
      throw new Error('rolled back');
    })
    .catch(() => {});
  t0 = performance.now();
  for (let i = 0; i < jobs; i++) await database.db.transaction((tx) => queueAccountMail(tx, [message(i)]));
  const queuePer = (performance.now() - t0) / jobs;
  t0 = performance.now();
  let done = 0;
  for (;;) {
    const fetched = await fetchJobs(boss, accountMail, 10);
    if (fetched.length === 0) break;
    const records = await mailRecords(
      database.db,
      accountMail,
      fetched.map((j) => j.key),
    );
    const ids = new Set(records.map((r) => r.id));
    for (const job of fetched) {
      if (!ids.has(job.key.id)) throw new Error(`no record ${job.key.id}`);
      const key = { bossId: job.bossId, ...job.key };
      await finishBossJob(database.db, boss, accountMail, key, { result: 'done' });
      done++;
    }
  }
  const finishPer = (performance.now() - t0) / jobs;
  await boss.stop({ graceful: false, close: false });
  if (done !== jobs) throw new Error(`finished ${done} of ${jobs}: the rolled-back one must not be there`);
  return { start, queueMs: queuePer.toFixed(2), fetchFinishMs: finishPer.toFixed(2) };
}

const before = migrationsBefore();
for (let r = 1; r <= rounds; r++) {
  console.log(`round ${r}`);
  console.log('  PGlite     before', JSON.stringify(await pgliteRound(before, false)));
  console.log('  PGlite     after ', JSON.stringify(await pgliteRound(MIGRATIONS_DIR, true)));
  console.log('  PostgreSQL before', JSON.stringify(await postgresRound(before, false)));
  console.log('  PostgreSQL after ', JSON.stringify(await postgresRound(MIGRATIONS_DIR, true)));
}
