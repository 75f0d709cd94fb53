// Receiving at size (issue 51's measure), on a real server on PostgreSQL, through the reader protocol over HTTP:
// a 5,000-item shipment in 200 cartons (5 lines of 5 units each, 250 products) received by two handhelds: the first
// starts the receipt, the second joins it, each reads its half of the cartons (their labels and their items' tags,
// each tag about three times, in batches of 500 reads), then finishes; the last finish completes the receipt (its
// figures kept, the stock added, shipment.received recorded). Beside it, the bare work: the same reads by the same two
// handhelds into an ordinary count of the dock holding the same 5,000 units, alternated each round.
// Figures: from the last finish's request to the receipt being ready (its answer, and GET /api/shipments/{id}
// showing it completed), and the same for the ordinary count.
// Usage: node bench/receiving.mjs [rounds=5]. Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and
// drops its own database. Prints figures only.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { freshDatabase, pairReader, post, signUp, startServer } from './readers-lib.mjs';

const ROUNDS = Number(process.argv[2] ?? 5);
const CARTONS = 200;
const LINES_PER_CARTON = 5;
const UNITS_PER_LINE = 5;
const PRODUCTS = 250;
const BATCH = 500;

const checkDigit = (body) => {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
};
const ssccOf = (round, i) => {
  const body = `0061414${String(round).padStart(2, '0')}${String(i).padStart(8, '0')}`;
  return `${body}${checkDigit(body)}`;
};
const hex = (bytes) => randomBytes(bytes).toString('hex').toUpperCase();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const db = await freshDatabase();
const server = await startServer(db.url);
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
const base = server.base;
try {
  const userToken = await signUp(base);
  const readers = [
    await pairReader(base, userToken, 'BENCH-RCV-A'),
    await pairReader(base, userToken, 'BENCH-RCV-B'),
  ];
  const call = async (path, body, token = userToken) => {
    const res = await post(base, path, body, token);
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const get = async (path) => {
    const res = await fetch(base + path, { headers: { authorization: `Bearer ${userToken}` } });
    return res.json();
  };
  const dock = (await call('/api/locations', { name: 'Dock', parent_location_id: null })).id;
  const products = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const sku = `RCV${String(i).padStart(5, '0')}`;
    const p = await call('/api/inventory', { name: `Item ${i}`, sku, quantity: 0, location_id: dock });
    products.push({ id: p.id, sku, epc: p.epc });
  }
  const cartonLines = (c) =>
    Array.from({ length: LINES_PER_CARTON }, (_, k) => ({
      sku: products[(c * LINES_PER_CARTON + k) % PRODUCTS].sku,
      quantity: UNITS_PER_LINE,
    }));
  /** Each handheld's reads: its half of the cartons' labels and items, each item a tag (one TID) read ~3 times. */
  const readsFor = (round, half) => {
    const reads = [];
    for (let c = half; c < CARTONS; c += 2) {
      reads.push({ code: `00${ssccOf(round, c)}` });
      for (const line of cartonLines(c)) {
        const epc = products.find((p) => p.sku === line.sku).epc;
        for (let u = 0; u < line.quantity; u++) {
          const tid = `E280${hex(10)}`;
          for (let k = 0; k < 3; k++) reads.push({ epc, tid, rssi: -40 - k, count: 1 });
        }
      }
    }
    return reads;
  };
  /** Both handhelds in one count: the first starts it, the second joins; each sends its reads, then finishes. */
  const countWithTwo = async (startBody, round) => {
    const start = await call('/api/rfid/audits', { client_audit_id: randomUUID(), ...startBody }, readers[0]);
    const id = start.audit_id;
    await call(`/api/rfid/audits/${id}/join`, {}, readers[1]);
    const sent = await Promise.all(
      readers.map(async (token, half) => {
        const reads = readsFor(round, half);
        let seq = 0;
        for (let i = 0; i < reads.length; i += BATCH) {
          await call(
            `/api/rfid/audits/${id}/reads`,
            { batch_seq: seq++, reads: reads.slice(i, i + BATCH) },
            token,
          );
        }
        return seq;
      }),
    );
    await call(`/api/rfid/audits/${id}/complete`, { batch_count: sent[0] }, readers[0]);
    const t0 = performance.now();
    await call(`/api/rfid/audits/${id}/complete`, { batch_count: sent[1] }, readers[1]);
    const answered = performance.now() - t0;
    return { id, answered, t0 };
  };

  const times = { receipt: [], receiptSeen: [], get: [], count: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of round % 2 === 0 ? ['receipt', 'count'] : ['count', 'receipt']) {
      if (kind === 'receipt') {
        const s = await call('/api/shipments', {
          reference: `BENCH-${round}`,
          supplier: 'Acme',
          destination_location_id: dock,
          cartons: Array.from({ length: CARTONS }, (_, c) => ({
            sscc: ssccOf(round, c),
            lines: cartonLines(c),
          })),
        });
        const { answered, t0 } = await countWithTwo({ shipment_id: s.id }, round);
        const shown = await get(`/api/shipments/${s.id}`);
        const seen = performance.now() - t0;
        if (shown.receipt?.state !== 'completed' || shown.receipt.units_received !== 5000) {
          throw new Error(`receipt not ready: ${JSON.stringify(shown.receipt).slice(0, 300)}`);
        }
        times.receipt.push(answered);
        times.receiptSeen.push(seen);
        // The page's read alone, once more: what GET /api/shipments/{id} of a 200-carton receipt costs.
        const g0 = performance.now();
        await get(`/api/shipments/${s.id}`);
        times.get.push(performance.now() - g0);
      } else {
        const { answered } = await countWithTwo({ name: `Dock count ${round}`, location_id: dock }, round);
        times.count.push(answered);
      }
    }
  }
  const show = (xs) => `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`;
  console.log(
    `Receiving ${CARTONS * LINES_PER_CARTON * UNITS_PER_LINE} items in ${CARTONS} cartons, two handhelds,`,
  );
  console.log(`${ROUNDS} rounds alternated, PostgreSQL; from the last finish's request:`);
  console.log(`  receipt completed (the finish's answer):      ${show(times.receipt)}`);
  console.log(`  receipt shown by GET /api/shipments/{id}:     ${show(times.receiptSeen)}`);
  console.log(`  bare work, an ordinary count of the same reads: ${show(times.count)}`);
  console.log(`  GET /api/shipments/{id} of the received shipment alone: ${show(times.get)}`);
} finally {
  await pool.end();
  await server.stop();
  await db.drop();
}
