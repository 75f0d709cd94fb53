// What making every event a pg-boss job costs its writer (migration 0034's row trigger on `events`), on
// PostgreSQL: the worst writer is the products_stock_crossing row trigger, one INSERT per product crossing into low or
// out of stock, so one job insert per crossing too. Times `update products set quantity = 0` over N products (N
// crossings, N events, N jobs) with the trigger on and off (ALTER TABLE ... DISABLE TRIGGER: the same work done bare),
// alternated `rounds` times, and a batch of 200 events written at once through the events repo; then hands every
// event on with the dispatch task, as a server does, and prints how fast.
// Usage: node bench/event-jobs.mjs [products=20000] [rounds=3]
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own database.
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { tsImport } from 'tsx/esm/api';
import { freshDatabase } from './readers-lib.mjs';

const { openDatabase } = await tsImport('../apps/server/src/db/client.ts', import.meta.url);
const { startBoss } = await tsImport('../apps/server/src/jobs/boss.ts', import.meta.url);
const { recordEvents } = await tsImport('../apps/server/src/modules/events/events.repo.ts', import.meta.url);
const { dispatchEvents } = await tsImport(
  '../apps/server/src/modules/alerts/dispatch.service.ts',
  import.meta.url,
);
const { SecretBox } = await tsImport('../apps/server/src/lib/crypto.ts', import.meta.url);
const { JOB_KINDS } = await tsImport('../apps/server/src/jobs/kinds.ts', import.meta.url);
const { eventDispatch } = await tsImport(
  '../apps/server/src/modules/alerts/event-dispatch.job.ts',
  import.meta.url,
);

const products = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 3);
const ms = (t0) => performance.now() - t0;

const target = await freshDatabase();
const database = await openDatabase({ url: target.url });
const { db } = database;
const one = async (q) => (await db.execute(q)).rows[0];
try {
  const company = Number((await one(sql`insert into companies (name) values ('Bench Co') returning id`)).id);
  await db.execute(sql`
    insert into products (company_id, sku, rfid_tag, epc, name, quantity, min_stock_level)
    select ${company}, 'EVJ-' || g, 'E2' || lpad(to_hex(g), 22, '0'), 'E2' || lpad(to_hex(g), 22, '0'),
      'Product ' || g, 10, 5
    from generate_series(1, ${products}) g`);
  const jobs = async () =>
    Number((await one(sql`select count(*)::int as n from pgboss.job where name = 'event-dispatch'`)).n);

  console.log(
    `${products} products crossing to out of stock in one statement; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
  );
  const figures = { on: [], off: [] };
  for (let r = 1; r <= rounds; r++) {
    for (const mode of r % 2 ? ['off', 'on'] : ['on', 'off']) {
      await db.execute(sql`update products set quantity = 10 where company_id = ${company}`);
      await db.execute(
        sql.raw(`alter table events ${mode === 'on' ? 'enable' : 'disable'} trigger events_queue_dispatch`),
      );
      await db.execute(sql`vacuum analyze events`);
      const before = await jobs();
      const t0 = performance.now();
      await db.execute(sql`update products set quantity = 0 where company_id = ${company}`);
      const took = ms(t0);
      figures[mode].push(took);
      console.log(
        `  round ${r}, jobs ${mode === 'on' ? 'with each event' : 'off (bare)'}: ${took.toFixed(0)} ms, ${(took / products).toFixed(3)} ms a crossing; ${(await jobs()) - before} jobs`,
      );
    }
  }
  await db.execute(sql`alter table events enable trigger events_queue_dispatch`);
  const best = (a) => Math.min(...a);
  console.log(
    `  best of each: ${best(figures.off).toFixed(0)} ms bare, ${best(figures.on).toFixed(0)} ms with a job each (${(best(figures.on) / best(figures.off)).toFixed(2)}x)`,
  );

  const batch = Array.from({ length: 200 }, (_, i) => ({
    type: 'inventory.import_completed',
    payload: { file_name: `f${i}.csv`, created: 1, updated: 0, failed: 0, units: 1, by: 'Bench' },
  }));
  const t1 = performance.now();
  await recordEvents(db, company, batch);
  console.log(`200 events written in one statement, a job each: ${ms(t1).toFixed(1)} ms`);

  const boss = await startBoss(database, {
    queues: JOB_KINDS.map((kind) => ({ kind, attemptTimeoutMs: kind.name === 'event-dispatch' ? 0 : 1000 })),
    jobsDays: 30,
    supervise: false,
    onError: (err) => console.error(err),
  });
  // The events written with the trigger off have no job (that is the bare figure): only the others are handed on.
  const waiting = await jobs();
  const t2 = performance.now();
  let handed = 0;
  for (;;) {
    const n = await dispatchEvents(
      { db, boss, box: new SecretBox('x'.repeat(32)), publicUrl: 'http://bench' },
      eventDispatch,
    );
    if (n === 0) break;
    handed += n;
  }
  const took = ms(t2);
  console.log(
    `dispatch: ${handed} of ${waiting} events with a job handed on in ${(took / 1000).toFixed(1)} s (${Math.round(handed / (took / 1000))} events/s, batches of 200, no endpoint or e-mail wanted)`,
  );
  await boss.stop({ graceful: false, close: false });
} finally {
  await database.close();
  await target.drop();
}
