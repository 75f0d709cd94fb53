// Reconciliation at size: 100,000 products and an audit of 100,000 distinct tags (some missing, misplaced and
// unknown), completed through the API on a real server on PostgreSQL, beside the very same reconciliation
// statement run bare on an identical audit; then the same audit read as GS1 SGTIN-96 tags (each product has a
// GTIN; each tag a serial of it), matched by GTIN, beside the SKU tags' figures. Then every product at 2 units, and
// the same count made two ways, alternated: by RFID alone (each product's 2 units as 2 tags, told apart by their
// TIDs), and by RFID and barcodes (1 tag and 1 barcode scan a product, the scans a third each EAN-13, GS1 DataMatrix
// with a serial, SKU): the same figures, the second with 98,000 scans beside its 100,000 tags.
// Stock has places (#47): each product is also kept in BENCH_PLACES - 1 depots outside the audit's scope (default 3
// places a product: 300,000 stock rows), so a count reads the rows of its place among the others.
// A store trading while it counts (#48): the same SKU count with BENCH_MOVED of the counted products (default 1%) sold
// during the count (a movement each, recorded after the audit started), beside the count with nothing moved.
// Usage: node bench/reconcile.mjs [products=100000] [rounds=3]; BENCH_ONLY=tags, barcodes or moved runs one part.
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own database.
import { randomUUID } from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { cpuSeconds, freshDatabase, pairReader, post, signUp, startServer } from './readers-lib.mjs';

const { RECONCILE_SETTINGS, reconcileStatement } = await tsImport(
  '../apps/server/src/modules/audits/reconcile.repo.ts',
  import.meta.url,
);
const { codeKey, decodeTag, gtinCheckDigit, identifyCode, sgtin96 } = await tsImport(
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
const places = Number(process.env.BENCH_PLACES ?? 3);
const movedShare = Number(process.env.BENCH_MOVED ?? 0.01);

const db = await freshDatabase();
const server = await startServer(db.url);
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
try {
  const userToken = await signUp(server.base);
  const deviceToken = await pairReader(server.base, userToken, 'BENCH-RECONCILE');
  // A reader counts one audit at a time: the audit reconciled bare is started on a second one.
  const bareToken = await pairReader(server.base, userToken, 'BENCH-RECONCILE-BARE');
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
  // Each product's other places, outside the audit's scope (the insert above gave each its one row).
  for (let d = 1; d < places; d++) {
    const depot = await loc(`Depot ${d}`, null);
    await pool.query(
      'insert into stock (company_id, product_id, location_id, quantity) select $1, id, $2, 1 from products where company_id = $1',
      [companyId, depot],
    );
  }
  await pool.query('analyze products');
  await pool.query('analyze stock');
  console.log(
    `seeded ${productCount.toLocaleString('en-US')} products, ${places} stock places each, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  /** The products an audit's tags read ($2 company, $3 aisle, $4 warehouse): in scope but `missing`, `misplaced`. */
  const readSet = `(select id, epc from products
      where company_id = $2 and location_id = $3 and id % ${Math.floor((productCount - outside) / missing)} <> 0
    union all
    (select id, epc from products where company_id = $2 and location_id = $4 order by 2 limit ${misplaced})) p`;

  /**
   * An audit at Store, started by the reader with `token`, whose reads are: every in-scope product but `missing`,
   * `misplaced` from the warehouse, `unknown` strangers; each tag read twice.
   */
  async function seedAudit(tags, token) {
    // Counting by RFID alone at 2 units a product, each product's reads carry 2 TIDs (2 tags).
    const tid =
      tags === 'units'
        ? `'E280' || lpad(to_hex(id * 2 + r), 20, '0')`
        : `'E280' || lpad(to_hex(id), 20, '0')`;
    const start = await post(
      server.base,
      '/api/rfid/audits',
      { client_audit_id: randomUUID(), location_id: store },
      token,
    );
    const auditId = start.body.audit_id;
    if (!auditId) throw new Error(`start: ${start.status} ${JSON.stringify(start.body)}`);
    await pool.query(
      'insert into audit_batches (company_id, audit_id, batch_seq, read_count) values ($2, $1, 0, 0)',
      [auditId, companyId],
    );
    await pool.query(
      `insert into audit_reads (company_id, audit_id, batch_seq, ordinal, epc, tid, rssi, count, seen_at)
       select $2::int, $1::int, 0, row_number() over () - 1, decode(t.epc, 'hex'), decode(t.tid, 'hex'), -50, 1, now()
       from (select epc, ${tid} as tid from ${readSet}, generate_series(1, 2) r) t
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
    const scans = tags === 'mixed' ? await addScans(auditId) : 0;
    return { auditId, reads: rows[0].n, tags: rows[0].tags, scans };
  }

  /**
   * A barcode scan in batch 1 for each product the audit's tags read, identified as the ingest identifies them: a
   * third EAN-13 (plain), a third GS1 DataMatrix with a serial, a third the SKU in lower case.
   */
  async function addScans(auditId) {
    const GS = '\u001d';
    const ids = (
      await pool.query(
        `select id from ${readSet.replaceAll('$2', '$1').replaceAll('$3', '$2').replaceAll('$4', '$3')}`,
        [companyId, aisle, warehouse],
      )
    ).rows.map((r) => r.id);
    const rows = ids.map((i, k) => {
      const code =
        i % 3 === 0
          ? gtinOf(i).slice(1)
          : i % 3 === 1
            ? `]d201${gtinOf(i)}21S${i}${GS}10LOT`
            : `b${String(i).padStart(7, '0')}`;
      const id = identifyCode(code);
      const key = codeKey(id);
      return [
        k,
        code,
        id.kind,
        id.format,
        key,
        id.serialized,
        id.epc,
        id.gtin,
        id.altGtin,
        id.serial,
        id.skuKey,
      ];
    });
    const col = (c) => rows.map((r) => r[c]);
    await pool.query(
      'insert into audit_batches (company_id, audit_id, batch_seq, read_count) values ($2, $1, 1, $3)',
      [auditId, companyId, rows.length],
    );
    await pool.query(
      `insert into audit_scans (company_id, audit_id, batch_seq, ordinal, code, kind, format, key, serialized, epc,
         gtin, alt_gtin, serial, sku_key, seen_at)
       select $2, $1, 1, r.o, r.code, r.kind, r.format, r.key, r.serialized, r.epc, r.gtin, r.alt, r.serial, r.sku, now()
       from unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[], $9::text[], $10::text[],
         $11::text[], $12::text[], $13::text[]) as r(o, code, kind, format, key, serialized, epc, gtin, alt, serial, sku)`,
      [auditId, companyId, ...Array.from({ length: 11 }, (_, c) => col(c))],
    );
    return rows.length;
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
  const LABELS = {
    sku: 'SKU tags',
    sgtin: 'GS1 SGTIN-96 tags, matched by GTIN',
    units: '2 units a product, counted by RFID alone (2 tags each)',
    mixed: '2 units a product, counted by RFID and barcodes (1 tag and 1 scan each)',
    moved: `SKU tags, ${movedShare * 100}% of the products counted sold during the count`,
  };
  /**
   * A sale (or, on odd rounds, its return, so quantities stay put) of one unit of every 1/movedShare-th product in the
   * aisle, made as the stock writers make them: one statement through the stock table under a movement context.
   */
  async function sellDuringCount(round) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `select set_config('quantics.movement', '{"reason":"${round % 2 ? 'return' : 'sale'}"}', true)`,
      );
      await client.query(
        `update stock set quantity = quantity + $4 where company_id = $1 and location_id = $2 and product_id % $3 = 0`,
        [companyId, aisle, Math.round(1 / movedShare), round % 2 ? 1 : -1],
      );
      await client.query('commit');
    } finally {
      client.release();
    }
    await pool.query('analyze stock_movements');
  }
  /**
   * Rounds outside, modes inside: the modes' audits are completed one after the other in each round, so the shared
   * machine's load falls on them alike.
   */
  async function measure(modes) {
    const runs = Object.fromEntries(modes.map((m) => [m, { api: [], bare: [], bareCpu: [], last: null }]));
    for (let round = 0; round < rounds; round++) {
      for (const tags of modes) {
        const run = runs[tags];
        const a = await seedAudit(tags === 'moved' ? 'sku' : tags, deviceToken);
        const b = await seedAudit(tags === 'moved' ? 'sku' : tags, bareToken);
        if (tags === 'moved') await sellDuringCount(round);
        await pool.query('analyze audit_reads');
        await pool.query('analyze audit_scans');
        let t = performance.now();
        const done = await post(
          server.base,
          `/api/rfid/audits/${a.auditId}/complete`,
          { batch_count: a.scans ? 2 : 1 },
          deviceToken,
        );
        run.api.push(performance.now() - t);
        if (done.status !== 200) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);
        run.last = { ...done.body, reads: a.reads, tags: a.tags, scans: a.scans };
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
        // The same setting the completion runs with (reconcile in reconcile.repo.ts).
        const settings = dialect.sqlToQuery(RECONCILE_SETTINGS);
        await client.query(settings.sql, settings.params);
        const out = await client.query(
          `${explain && round === 0 ? 'explain (analyze, buffers) ' : ''}${q.sql}`,
          q.params,
        );
        if (explain && round === 0) console.log(out.rows.map((r) => r['QUERY PLAN']).join('\n'));
        await client.query('commit');
        run.bare.push(performance.now() - t);
        run.bareCpu.push((cpuSeconds(pid) - cpu0) * 1000);
        client.release();
      }
    }
    for (const tags of modes) {
      const { api, bare, bareCpu, last } = runs[tags];
      const [apiMs, bareMs] = [median(api), median(bare)];
      results[tags] = { api: apiMs, cpu: median(bareCpu) };
      const scans = last.scans ? ` and ${last.scans.toLocaleString('en-US')} barcode scans` : '';
      console.log(
        `reconcile (${LABELS[tags]}): ${productCount.toLocaleString('en-US')} products, audit of ${last.tags.toLocaleString('en-US')} distinct tags (${last.reads.toLocaleString('en-US')} reads)${scans}, median of ${rounds}`,
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
  }
  const only = process.env.BENCH_ONLY;
  if (only !== 'barcodes' && only !== 'moved') {
    await measure(['sku', 'sgtin']);
    console.log(
      `SGTIN tags beside SKU tags (completion through the API): ${(results.sgtin.api / results.sku.api).toFixed(2)}x`,
    );
  }
  if (only === undefined || only === 'moved') {
    await measure(['sku', 'moved']);
    console.log(
      `Sales during the count beside none (completion through the API): ${(results.moved.api / results.sku.api).toFixed(2)}x, the bare statement's PostgreSQL CPU ${(results.moved.cpu / results.sku.cpu).toFixed(2)}x`,
    );
  }
  if (only !== 'tags' && only !== 'moved') {
    // The rows counted: those of the aisle (in scope) and the warehouse (read as misplaced).
    await pool.query('update stock set quantity = 2 where company_id = $1 and location_id in ($2, $3)', [
      companyId,
      aisle,
      warehouse,
    ]);
    await pool.query('analyze products');
    await pool.query('analyze stock');
    await measure(['units', 'mixed']);
    console.log(
      `RFID and barcodes beside RFID alone: completion through the API ${(results.mixed.api / results.units.api).toFixed(2)}x, the bare statement's PostgreSQL CPU ${(results.mixed.cpu / results.units.cpu).toFixed(2)}x`,
    );
  }
} finally {
  await pool.end();
  await server.stop();
  await db.drop();
}
