// bench/inventory.mjs --before=DIR: the inventory list on this checkout beside the code before (another checkout) on
// the same seeded database, in alternating rounds, so that load on a shared machine falls on both alike.
import { loadavg } from 'node:os';
import { cpuPerCall, ms, timed } from './lib.mjs';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The lists the inventory page asks for (the spec's calls, which both builds answer). */
const CASES = [
  ['page 1', ''],
  ['status low-stock', 'status=low-stock'],
  ['status in-stock', 'status=in-stock'],
  ['SKU prefix "M000123"', 'search=M000123'],
  ['name "alpine sour", repeated', 'search=alpine%20sour'],
];

const list = (base, query, headers) =>
  fetch(`${base}/api/inventory?${query}`, { headers }).then((r) => {
    if (!r.ok) throw new Error(`${query}: ${r.status}`);
    return r.arrayBuffer();
  });

/** What a page shows of each product in both builds: SKU, total, home, status, and the summary cards. */
async function shown(base, query, headers) {
  const body = await fetch(`${base}/api/inventory?${query}`, { headers }).then((r) => r.json());
  return JSON.stringify({
    rows: body.data.map((p) => [p.sku, p.quantity, p.location, p.status]),
    summary: body.summary,
  });
}

/**
 * `rounds` rounds; in each, every case timed on both builds (which goes first alternates by round), each after 20
 * unmeasured requests, with the CPU a request cost (server plus PostgreSQL backends, from /proc). Then the medians
 * over rounds and their ratio, after / before.
 */
export async function alternateLists(bench, pool, main, { dir, rounds, requests, concurrency }) {
  const before = await bench.startAnother({}, { dir });
  const headers = { authorization: `Bearer ${main.token}` };
  const builds = [
    ['before', { base: before.base, pid: before.pid }],
    ['after', { base: bench.base, pid: bench.pid }],
  ];
  try {
    for (const [, query] of CASES) {
      const [b, a] = await Promise.all(builds.map(([, s]) => shown(s.base, query, headers)));
      if (a !== b) throw new Error(`the builds answer ?${query} differently:\n${b}\n${a}`);
    }
    console.log('Both builds show the same products, totals, homes, statuses and summary on every case.\n');
    console.log(
      `GET /api/inventory, before (${dir}) and after (this checkout), alternated; n=${requests} c=${concurrency} (ms)`,
    );
    console.log(
      `round  load avg 1/5/15   ${'case'.padEnd(28)}  code     p50      p95    CPU ms a request (PostgreSQL)`,
    );
    const figures = new Map(CASES.map(([label]) => [label, { before: [], after: [] }]));
    for (let round = 1; round <= rounds; round++) {
      for (const [label, query] of CASES) {
        const order = round % 2 === 1 ? builds : [...builds].reverse();
        for (const [name, server] of order) {
          await timed(20, concurrency, () => list(server.base, query, headers));
          const r = await cpuPerCall(pool, bench.dbName, server.pid, requests, () =>
            timed(requests, concurrency, () => list(server.base, query, headers)),
          );
          figures.get(label)[name].push(r);
          console.log(
            `${String(round).padStart(5)}  ${load().padEnd(16)}  ${label.padEnd(28)}  ${name.padEnd(6)} ${ms(r.p50)}  ${ms(r.p95)}    ${r.cpu.toFixed(1)} (${r.pg.toFixed(1)})`,
          );
        }
      }
    }
    console.log(`\nMedians over ${rounds} rounds (ms)`);
    console.log(
      `${'case'.padEnd(28)}  before p50 / p95     after p50 / p95     p95 after/before   CPU a request before / after`,
    );
    for (const [label, f] of figures) {
      const m = (runs, key) => median(runs.map((r) => r[key]));
      console.log(
        `${label.padEnd(28)}  ${ms(m(f.before, 'p50'))} / ${ms(m(f.before, 'p95'))}   ${ms(m(f.after, 'p50'))} / ${ms(m(f.after, 'p95'))}    ${(m(f.after, 'p95') / m(f.before, 'p95')).toFixed(2)}x           ${m(f.before, 'cpu').toFixed(1)} / ${m(f.after, 'cpu').toFixed(1)}`,
      );
    }
    // What only this build answers: a store's page, its products with the units there. A few, one at a time: it
    // totals every stock row under the store (a third of the catalogue's here) before it can sort a page.
    const store = await pool.query(
      `SELECT id FROM locations WHERE company_id = $1 AND parent_location_id IS NULL ORDER BY id LIMIT 1`,
      [main.companyId],
    );
    if (store.rows[0]) {
      const query = `location_id=${store.rows[0].id}`;
      await list(bench.base, query, headers);
      const r = await timed(5, 1, () => list(bench.base, query, headers));
      console.log(
        `\nafter only: a store's page (?${query}, its sub-places' stock), 5 one at a time: p50 ${ms(r.p50)}  max ${ms(r.p95)}; load ${load()}`,
      );
    }
    console.log('');
  } finally {
    await before.stop();
  }
}
