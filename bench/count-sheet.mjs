// What a Count screen downloads to name what it reads, at a large catalogue: the whole sheet, as the screen did
// before (one GET of every product with its place against the count's scope), against the sheet's totals and the
// batched lookup of what was read (GET ?items=none, then POST .../sheet/lookup with at most 200 tags a call, as the
// screen sends them). The same portal on PostgreSQL answers both; the calls are the screen's, sent from here.
// Prints requests, bytes down and up, and time, for a count of R distinct tags (a few unknown among them).
// Usage: node bench/count-sheet.mjs [products=1000000] [reads=2000]
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { seedProducts } from './lib.mjs';
import { freshDatabase, post, signUp, startServer } from './readers-lib.mjs';

const products = Number(process.argv[2] ?? 1_000_000);
const reads = Number(process.argv[3] ?? 2000);
const BATCH = 200;
const epcOf = (sku) => Buffer.from(sku.padEnd(12, '0'), 'ascii').toString('hex').toUpperCase();

const db = await freshDatabase();
const server = await startServer(db.url);
try {
  const token = await signUp(server.base);
  const me = await (
    await fetch(`${server.base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const pool = new pg.Pool({ connectionString: db.url });
  const seeded = await seedProducts(pool, me.company_id, products, 'CS');
  await pool.query('ANALYZE products');
  await pool.end();
  console.log(`seeded ${products.toLocaleString()} products in ${seeded.toFixed(0)} s`);
  const device = await post(server.base, '/api/devices/browser', { name: 'Bench MC3300' }, token);
  const deviceToken = device.body.device_token;
  const step = Math.max(1, Math.floor(products / reads));
  const epcs = Array.from({ length: reads }, (_, i) =>
    i % 50 === 49
      ? epcOf(`ZZ${String(i).padStart(8, '0')}`)
      : epcOf(`CS${String(1 + i * step).padStart(8, '0')}`),
  );

  /** One call as the screen makes it: bytes of the answer's body and of the request's, and its time. */
  async function call(path, body) {
    const t0 = performance.now();
    const sent = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(server.base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${deviceToken}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : sent,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
    return {
      down: Buffer.byteLength(text),
      up: Buffer.byteLength(sent),
      ms: performance.now() - t0,
      json: JSON.parse(text),
    };
  }

  async function count(kind) {
    const started = await post(
      server.base,
      '/api/rfid/audits',
      { client_audit_id: randomUUID() },
      deviceToken,
    );
    const id = started.body.audit_id;
    const calls = [];
    if (kind === 'before') calls.push(await call(`/api/rfid/audits/${id}/sheet`));
    else {
      calls.push(await call(`/api/rfid/audits/${id}/sheet?items=none`));
      for (let i = 0; i < epcs.length; i += BATCH)
        calls.push(await call(`/api/rfid/audits/${id}/sheet/lookup`, { epcs: epcs.slice(i, i + BATCH) }));
    }
    const named =
      kind === 'before'
        ? calls[0].json.items.length
        : calls.slice(1).reduce((n, c) => n + c.json.items.length, 0);
    const sum = (k) => calls.reduce((n, c) => n + c[k], 0);
    return { requests: calls.length, down: sum('down'), up: sum('up'), ms: sum('ms'), named };
  }

  const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
  // Alternated, twice each: the machine is shared.
  const rows = [];
  for (const kind of ['before', 'after', 'before', 'after']) rows.push([kind, await count(kind)]);
  console.log(`a count of ${reads.toLocaleString()} distinct tags at ${products.toLocaleString()} products:`);
  for (const [kind, r] of rows)
    console.log(
      `${kind.padEnd(7)} requests ${String(r.requests).padStart(4)}  down ${mb(r.down).padStart(10)}  up ${mb(r.up).padStart(9)}  ` +
        `time ${(r.ms / 1000).toFixed(2).padStart(6)} s  items answered ${r.named.toLocaleString()}`,
    );
} finally {
  await server.stop();
  await db.drop();
}
