// Team counts at size (issue 49's measures), on a real server on PostgreSQL:
// 1. Ten handhelds sending 500-read batches into one count, beside ten handhelds sending them into ten counts of
//    their own, alternated: reads a second through the reader protocol (the batches of one count hold its row FOR
//    SHARE together).
// 2. A 100,000-tag count made by four handhelds with 20% overlap (each reads its quarter and a fifth of the next),
//    beside the same tags from one handheld, alternated: the completing call that reconciles (the team's last reader).
//    And the live progress of the four handhelds' count (GET /api/audits/{id}/progress), polled as the audit page does.
// Usage: node bench/team-counts.mjs [products=100000] [rounds=3] [batches=20]; BENCH_ONLY=ingest or reconcile.
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own database.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { freshDatabase, handheldBatch, pairReader, post, signUp, startServer } from './readers-lib.mjs';

const productCount = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 3);
const batchesEach = Number(process.argv[4] ?? 20);
const only = process.env.BENCH_ONLY;
const SEAT = 1_000_000;

const db = await freshDatabase();
const server = await startServer(db.url);
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const get = async (path, token) => {
  const t0 = performance.now();
  const res = await fetch(server.base + path, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  return { status: res.status, body, ms: performance.now() - t0 };
};
try {
  const userToken = await signUp(server.base);
  const readers = [];
  for (let i = 0; i < 10; i++) readers.push(await pairReader(server.base, userToken, `BENCH-TEAM-${i}`));
  const companyId = (await pool.query('select company_id from devices limit 1')).rows[0].company_id;
  const start = async (token, body = {}) => {
    const res = await post(
      server.base,
      '/api/rfid/audits',
      { client_audit_id: randomUUID(), ...body },
      token,
    );
    if (res.status !== 201) throw new Error(`start: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.audit_id;
  };
  const join = async (token, id) => {
    const res = await post(server.base, `/api/rfid/audits/${id}/join`, {}, token);
    if (res.status !== 200) throw new Error(`join: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const complete = async (token, id, batchCount) => {
    const res = await post(
      server.base,
      `/api/rfid/audits/${id}/complete`,
      { batch_count: batchCount },
      token,
    );
    if (res.status !== 200) throw new Error(`complete: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  if (only !== 'reconcile') {
    const batches = Array.from({ length: batchesEach }, () => handheldBatch(500));
    /** Every reader sends its batches to its count (ids[i]) at once; reads a second. */
    const sendAll = async (ids) => {
      const t0 = performance.now();
      await Promise.all(
        readers.map(async (token, i) => {
          for (const [seq, reads] of batches.entries()) {
            const res = await post(
              server.base,
              `/api/rfid/audits/${ids[i]}/reads`,
              { batch_seq: seq, reads },
              token,
            );
            if (res.status !== 200) throw new Error(`reads: ${res.status} ${JSON.stringify(res.body)}`);
          }
        }),
      );
      return (readers.length * batchesEach * 500) / ((performance.now() - t0) / 1000);
    };
    const rates = { separate: [], team: [] };
    for (let r = 0; r < rounds; r++) {
      for (const mode of r % 2 === 0 ? ['separate', 'team'] : ['team', 'separate']) {
        let ids;
        if (mode === 'separate') ids = await Promise.all(readers.map((token) => start(token)));
        else {
          const id = await start(readers[0]);
          for (const token of readers.slice(1)) await join(token, id);
          ids = readers.map(() => id);
        }
        rates[mode].push(await sendAll(ids));
        for (const [i, token] of readers.entries()) await complete(token, ids[i], batchesEach);
      }
    }
    const [s, t] = [median(rates.separate), median(rates.team)];
    console.log(
      `ingest, 10 handhelds x ${batchesEach} batches of 500 reads: ten counts ${Math.round(s).toLocaleString('en-US')} reads/s, ` +
        `one team count ${Math.round(t).toLocaleString('en-US')} reads/s (${((t / s) * 100).toFixed(0)}%)`,
    );
  }

  if (only !== 'ingest') {
    const store = (
      await pool.query(`insert into locations (company_id, name) values ($1, 'Store') returning id`, [
        companyId,
      ])
    ).rows[0].id;
    await pool.query(
      `insert into products (company_id, name, sku, rfid_tag, epc, quantity, location_id)
       select $1, 'Product ' || i, 'T' || lpad(i::text, 7, '0'), rpad('T' || lpad(i::text, 7, '0'), 12, '0'),
         upper(encode(convert_to(rpad('T' || lpad(i::text, 7, '0'), 12, '0'), 'UTF8'), 'hex')), 1, $2::int
       from generate_series(1, $3) i`,
      [companyId, store, productCount],
    );
    await pool.query('analyze products');
    await pool.query('analyze stock');
    const quarter = Math.ceil(productCount / 4);
    /** Seat `seat`'s one batch: products [from, to) of the catalogue, each one tag read twice. */
    const seedBatch = async (auditId, seat, from, to) => {
      await pool.query(
        `insert into audit_reads (company_id, audit_id, batch_seq, ordinal, epc, tid, rssi, count, seen_at)
         select $1::int, $2::int, $3::int, row_number() over () - 1, decode(p.epc, 'hex'),
           decode('E280' || lpad(to_hex(p.id), 20, '0'), 'hex'), -50, 1, now()
         from (select id, epc from products where company_id = $1 order by id offset $4 limit $5) p,
           generate_series(1, 2)`,
        [companyId, auditId, seat * SEAT, from, to - from],
      );
      await pool.query(
        `insert into audit_batches (company_id, audit_id, batch_seq, read_count)
         select $1, $2, $3, count(*) from audit_reads where company_id = $1 and audit_id = $2 and batch_seq = $3`,
        [companyId, auditId, seat * SEAT],
      );
    };
    const times = { one: [], team: [], progress: [] };
    for (let r = 0; r < rounds; r++) {
      for (const mode of r % 2 === 0 ? ['one', 'team'] : ['team', 'one']) {
        const id = await start(readers[0], { location_id: store });
        if (mode === 'one') await seedBatch(id, 0, 0, productCount);
        else {
          for (let s = 1; s < 4; s++) await join(readers[s], id);
          // Each reads its quarter and the first fifth of the next one (20% overlap).
          for (let s = 0; s < 4; s++) {
            const next = ((s + 1) % 4) * quarter;
            await seedBatch(id, s, s * quarter, Math.min(productCount, (s + 1) * quarter));
            await pool.query(
              `insert into audit_reads (company_id, audit_id, batch_seq, ordinal, epc, tid, rssi, count, seen_at)
               select $1::int, $2::int, $3::int, 10000000 + row_number() over (), decode(p.epc, 'hex'),
                 decode('E280' || lpad(to_hex(p.id), 20, '0'), 'hex'), -60, 1, now()
               from (select id, epc from products where company_id = $1 order by id offset $4 limit $5) p`,
              [companyId, id, s * SEAT, next, Math.round(quarter / 5)],
            );
          }
          for (let k = 0; k < 5; k++) {
            const p = await get(`/api/audits/${id}/progress`, userToken);
            if (p.status !== 200) throw new Error(`progress: ${p.status} ${JSON.stringify(p.body)}`);
            times.progress.push(p.ms);
          }
          for (let s = 1; s < 4; s++) await complete(readers[s], id, 1);
        }
        const t0 = performance.now();
        const done = await complete(readers[0], id, 1);
        times[mode].push(performance.now() - t0);
        if (done.status !== 'completed' || done.tags_found !== productCount)
          throw new Error(`${mode}: ${JSON.stringify(done)}`);
      }
    }
    const [one, team] = [median(times.one), median(times.team)];
    console.log(
      `reconcile ${productCount.toLocaleString('en-US')} tags: one handheld ${one.toFixed(0)} ms, four with 20% overlap ` +
        `${team.toFixed(0)} ms (${(team / one).toFixed(2)}x); progress of the four's count ${median(times.progress).toFixed(0)} ms`,
    );
  }
} finally {
  await pool.end();
  await server.stop();
  await db.drop();
}
