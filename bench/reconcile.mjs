// Reconciliation at size: 100,000 products and an audit of 100,000 distinct tags (some missing, misplaced and
// unknown), completed through the API on a real server on PostgreSQL, beside the very same reconciliation
// statement run bare on an identical audit; then the same audit read as GS1 SGTIN-96 tags (each product has a
// GTIN; each tag a serial of it), matched by GTIN, beside the SKU tags' figures.
// Usage: node bench/reconcile.mjs [products=100000] [rounds=3]
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own database.
import { randomUUID } from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { cpuSeconds, freshDatabase, pairReader, post, signUp, startServer } from './readers-lib.mjs';

const { reconcileStatement } = await tsImport(
  '../apps/server/src/modules/audits/reconcile.sql.ts',
  import.meta.url,
);
const { decodeTag, gtinCheckDigit, sgtin96 } = await tsImport(
  '../packages/contracts/src/index.ts',
  import.meta.url,
);
/** Product i's GTIN-14: indicator 0, the 6-digit company prefix 061414, a 6-digit item reference, the check digit. */
const gtinOf = (i) => {
  const body = `0061414${String(i).padStart(6, '0')}`;
  return body + gtinCheckDigit(body);
};
const productCount = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 3);
// 2% of products sit elsewhere; of the 98% in scope 1% go unread; 1% misplaced and 2% unknown tags join them:
// 97% + 1% + 2% = as many distinct tags as products.
const outside = Math.round(productCount * 0.02);
const missing = Math.round(productCount * 0.01);
const misplaced = Math.round(productCount * 0.01);
const unknown = Math.round(productCount * 0.02);
const explain = process.env.EXPLAIN === '1';

const db = await freshDatabase();
const server = await startServer(db.url);
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
try {
  const userToken = await signUp(server.base);
  const deviceToken = await pairReader(server.base, userToken, 'BENCH-RECONCILE');
  const companyId = (await pool.query('select company_id from devices limit 1')).rows[0].company_id;
  // Store > Aisle (scope) and Warehouse (elsewhere); products: in scope at Aisle, the last 5% at Warehouse.
  const loc = async (name, parent) =>
    (
      await pool.query(
        'insert into locations (company_id, name, parent_location_id) values ($1, $2, $3) returning id',
        [companyId, name, parent],
      )
    ).rows[0].id;
  const store = await loc('Store', null);
  const aisle = await loc('Aisle 1', store);
  const warehouse = await loc('Warehouse', null);
  const t0 = performance.now();
  const gtins = Array.from({ length: productCount }, (_, i) => gtinOf(i + 1));
  await pool.query(
    `insert into products (company_id, name, sku, rfid_tag, epc, quantity, location_id, gtin)
     select $1, 'Product ' || i, 'B' || lpad(i::text, 7, '0'), rpad('B' || lpad(i::text, 7, '0'), 12, '0'),
       upper(encode(convert_to(rpad('B' || lpad(i::text, 7, '0'), 12, '0'), 'UTF8'), 'hex')), 1,
       case when i > $2 then $3::int else $4::int end, ($6::text[])[i]
     from generate_series(1, $5) i`,
    [companyId, productCount - outside, warehouse, aisle, productCount, gtins],
  );
  await pool.query('analyze products');
  console.log(
    `seeded ${productCount.toLocaleString('en-US')} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  /** An audit at Store whose reads are: every in-scope product but `missing`, `misplaced` from the warehouse, `unknown` strangers; each tag read twice. */
  async function seedAudit(tags) {
    const start = await post(
      server.base,
      '/api/rfid/audits',
      { client_audit_id: randomUUID(), location_id: store },
      deviceToken,
    );
    const auditId = start.body.audit_id;
    await pool.query(
      'insert into audit_batches (company_id, audit_id, batch_seq, read_count) values ($2, $1, 0, 0)',
      [auditId, companyId],
    );
    await pool.query(
      `insert into audit_reads (company_id, audit_id, batch_seq, ordinal, epc, tid, rssi, count, seen_at)
       select $2::int, $1::int, 0, row_number() over () - 1, decode(t.epc, 'hex'), decode(t.tid, 'hex'), -50 - r, 1, now()
       from (
         select epc, 'E280' || lpad(to_hex(id), 20, '0') as tid from products
           where company_id = $2 and location_id = $3 and id % ${Math.floor((productCount - outside) / missing)} <> 0
         union all
         (select epc, 'E280' || lpad(to_hex(id), 20, '0') from products
           where company_id = $2 and location_id = $4 order by 1 limit ${misplaced})
       ) t, generate_series(1, 2) r
       union all
       select $2::int, $1::int, 0, 10000000 + i, decode(left(md5(i::text || $1::text), 24), 'hex'),
         decode('E280FFFF' || lpad(to_hex(i), 16, '0'), 'hex'), -70, 1, now()
       from generate_series(1, ${unknown}) i`,
      [auditId, companyId, aisle, warehouse],
    );
    const { rows } = await pool.query(
      'select count(*)::int as n, count(distinct epc)::int as tags from audit_reads where audit_id = $1',
      [auditId],
    );
    await pool.query('update audit_batches set read_count = $2 where company_id = $3 and audit_id = $1', [
      auditId,
      rows[0].n,
      companyId,
    ]);
    if (tags === 'sgtin') await asSgtins(auditId);
    return { auditId, reads: rows[0].n, tags: rows[0].tags };
  }

  /**
   * The same audit's tags as the items' own SGTIN-96 EPCs (product id -> its GTIN, a serial per product), with the
   * GTIN and text decoded as the ingest stores them; the unknown strangers stay as they are.
   */
  async function asSgtins(auditId) {
    const { rows } = await pool.query(
      `select distinct p.epc, p.id from audit_reads r
         join products p on p.company_id = $2 and p.epc = upper(encode(r.epc, 'hex'))
       where r.company_id = $2 and r.audit_id = $1`,
      [auditId, companyId],
    );
    const epcs = rows.map((r) => r.epc);
    const sgtins = rows.map((r) => sgtin96(gtinOf(r.id), 1000 + r.id, 6));
    const decoded = sgtins.map((e) => decodeTag(e));
    await pool.query(
      `update audit_reads r set epc = decode(m.sgtin, 'hex'), gtin = m.gtin, decoded = m.decoded
       from unnest($2::text[], $3::text[], $4::text[], $5::text[]) as m(epc, sgtin, gtin, decoded)
       where r.company_id = $6 and r.audit_id = $1 and r.epc = decode(m.epc, 'hex')`,
      [auditId, epcs, sgtins, decoded.map((d) => d.gtin), decoded.map((d) => d.text), companyId],
    );
  }
  await pool.query('analyze audit_reads');

  const dialect = new PgDialect();
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const results = {};
  for (const tags of ['sku', 'sgtin']) {
    const api = [];
    const bare = [];
    // The bare statement's PostgreSQL backend CPU: far less disturbed than its time by other work on the machine.
    const bareCpu = [];
    let last;
    for (let round = 0; round < rounds; round++) {
      const a = await seedAudit(tags);
      const b = await seedAudit(tags);
      await pool.query('analyze audit_reads');
      let t = performance.now();
      const done = await post(
        server.base,
        `/api/rfid/audits/${a.auditId}/complete`,
        { batch_count: 1 },
        deviceToken,
      );
      api.push(performance.now() - t);
      if (done.status !== 200) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);
      last = { ...done.body, reads: a.reads, tags: a.tags };
      const q = dialect.sqlToQuery(
        reconcileStatement({
          companyId,
          auditId: b.auditId,
          expected: { from: 'catalogue', locationId: store },
        }),
      );
      const client = await pool.connect();
      const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
      const cpu0 = cpuSeconds(pid);
      t = performance.now();
      await client.query('begin');
      const out = await client.query(
        `${explain && round === 0 ? 'explain (analyze, buffers) ' : ''}${q.sql}`,
        q.params,
      );
      if (explain && round === 0) console.log(out.rows.map((r) => r['QUERY PLAN']).join('\n'));
      await client.query('commit');
      bare.push(performance.now() - t);
      bareCpu.push((cpuSeconds(pid) - cpu0) * 1000);
      client.release();
    }
    const [apiMs, bareMs] = [median(api), median(bare)];
    results[tags] = apiMs;
    console.log(
      `reconcile (${tags === 'sku' ? 'SKU tags' : 'GS1 SGTIN-96 tags, matched by GTIN'}): ${productCount.toLocaleString('en-US')} products, audit of ${last.tags.toLocaleString('en-US')} distinct tags (${last.reads.toLocaleString('en-US')} reads), median of ${rounds}`,
    );
    console.log(
      `  result: expected ${last.tags_expected}, found ${last.tags_found}, discrepancies ${last.discrepancies_count}, misplaced ${last.misplaced_count}, unknown ${last.unknown_count}, accuracy ${last.accuracy}%`,
    );
    console.log(
      `  completion through the API  ${apiMs.toFixed(0)} ms  (runs: ${api.map((x) => x.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  the same SQL run bare       ${bareMs.toFixed(0)} ms  (runs: ${bare.map((x) => x.toFixed(0)).join(', ')})`,
    );
    console.log(`  ratio ${(apiMs / bareMs).toFixed(2)}x`);
    console.log(
      `  the bare statement's PostgreSQL CPU ${median(bareCpu).toFixed(0)} ms  (runs: ${bareCpu.map((x) => x.toFixed(0)).join(', ')})`,
    );
  }
  console.log(
    `SGTIN tags beside SKU tags (completion through the API): ${(results.sgtin / results.sku).toFixed(2)}x`,
  );
} finally {
  await pool.end();
  await server.stop();
  await db.drop();
}
