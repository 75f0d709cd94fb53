// Shipments from an advance ship notice CSV (issue 51's measure: a 10,000-line CSV under 10 seconds), on a real
// server on PostgreSQL: `POST /api/shipments/import` with 10,000 lines two ways, alternated each round:
//  - one shipment of 500 cartons of 20 lines (a truck's ASN);
//  - 500 shipments of one carton of 20 lines (a day's ASNs from many suppliers in one file).
// Each line names its product by SKU or GTIN (half each), from a catalogue of 2,000 products.
// Usage: node bench/shipments-csv.mjs [rounds=3]. Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL);
// creates and drops its own database. Prints figures only.
import { startBench } from './lib.mjs';

const ROUNDS = Number(process.argv[2] ?? 3);
const PRODUCTS = 2000;
const LINES = 10_000;
const PER_CARTON = 20;

/** GS1's mod-10 check digit over `body` (weights 3 and 1 from the right). */
const checkDigit = (body) => {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
};
const withCheck = (body) => `${body}${checkDigit(body)}`;
const gtinOf = (i) => withCheck(`0061414${String(i).padStart(6, '0')}`);
const ssccOf = (round, i) =>
  withCheck(`0061414${String(round).padStart(2, '0')}${String(i).padStart(8, '0')}`);

const bench = await startBench();
const { base } = bench;
try {
  const { token } = await bench.register('Shipments bench');
  const auth = { authorization: `Bearer ${token}` };
  const post = async (path, body) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const upload = async (path, name, text) => {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/csv' }), name);
    const t0 = performance.now();
    const res = await fetch(base + path, { method: 'POST', headers: auth, body: form });
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return { ms, body: await res.json() };
  };
  await post('/api/locations', { name: 'Dock', parent_location_id: null });
  const catalogue = ['name,sku,quantity,gtin'];
  for (let i = 0; i < PRODUCTS; i++)
    catalogue.push(`Item ${i},BN${String(i).padStart(5, '0')},0,${gtinOf(i)}`);
  const imported = await upload('/api/inventory/bulk-upload', 'catalogue.csv', catalogue.join('\n'));
  if (process.env.BENCH_DEBUG) console.log(JSON.stringify(imported.body).slice(0, 500));
  // The catalogue import finishes in the background: wait for its last product.
  for (let tries = 0; ; tries++) {
    const res = await fetch(`${base}/api/inventory/lookup?code=BN${String(PRODUCTS - 1).padStart(5, '0')}`, {
      headers: auth,
    });
    if ((await res.json()).kind === 'product') break;
    if (process.env.BENCH_DEBUG && tries % 50 === 0) console.log('waiting');
    if (tries > 600) throw new Error('the catalogue import did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }

  const csv = (round, shape) => {
    const rows = ['reference,supplier,destination,sscc,sku,gtin,quantity'];
    for (let i = 0; i < LINES; i++) {
      const carton = Math.floor(i / PER_CARTON);
      const reference = shape === 'one' ? `R${round}-TRUCK` : `R${round}-ASN-${carton}`;
      const product = (i * 7) % PRODUCTS;
      const item = i % 2 === 0 ? `BN${String(product).padStart(5, '0')},` : `,${gtinOf(product)}`;
      const supplier = shape === 'one' ? 'Acme' : `Supplier ${carton % 20}`;
      rows.push(
        `${reference},${supplier},Dock,${ssccOf(round * 2 + (shape === 'one' ? 0 : 1), carton)},${item},${1 + (i % 12)}`,
      );
    }
    return rows.join('\n');
  };
  const times = { one: [], many: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const shape of round % 2 === 0 ? ['one', 'many'] : ['many', 'one']) {
      const { ms, body } = await upload(
        '/api/shipments/import',
        `asn-${round}-${shape}.csv`,
        csv(round, shape),
      );
      if (body.lines !== LINES) throw new Error(`expected ${LINES} lines, got ${body.lines}`);
      times[shape].push(ms);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const show = (xs) =>
    `median ${(median(xs) / 1000).toFixed(2)} s (${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})`;
  console.log(`ASN CSV of ${LINES} lines, ${ROUNDS} rounds, PostgreSQL:`);
  console.log(`  one shipment, ${LINES / PER_CARTON} cartons: ${show(times.one)}`);
  console.log(`  ${LINES / PER_CARTON} shipments of one carton: ${show(times.many)}`);
} finally {
  await bench.stop();
}
