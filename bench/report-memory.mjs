// The inventory report's memory on a fresh server: seeds one company's catalogue (1,000,000 products by default) on
// the PostgreSQL server, downloads GET /api/reports/inventory.csv `--runs` times in a row (3 by default), and prints
// for each its size, time and the server's peak resident memory growth (Linux /proc). bench/dashboard.mjs measures
// the same download after its statistics runs, on a server whose heap those runs have already grown.
// Then one slow download (a client reading at --slow-mbps, 1 MB/s by default, well below what the server writes):
// the server must wait for the client (backpressure) instead of reading the catalogue ahead into memory. Its
// resident memory (/proc) and V8 heap (its /metrics) are sampled every second during the download, and printed at
// each tenth of the download's time beside their size at the start, with how far the server's rows ran ahead.
// Usage: node bench/report-memory.mjs [products=1000000] [--slow-mbps=1] [--runs=3]
// --slow-mbps=0 skips the slow reader. BENCH_SERVER_DIR=<checkout> runs that checkout's server instead (the build
// before, its node_modules linked), on the same kept database. Each fast download also samples the server's V8 heap
// every 100 ms (its /metrics) and prints its peak growth beside the resident memory's, and each heap space's and the
// external memory's peak growth (which part grows with the rows).
// (BENCH_DATABASE_URL as for the others; with BENCH_DB=<name>, the database bench/dashboard.mjs seeded and kept is
// reused: its 'Dashboard Co' has the 1,000,000 products, and nothing is seeded.)
import pg from 'pg';
import { seedProducts, startBench } from './lib.mjs';

const PRODUCTS = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 1_000_000);
const option = (name, fallback) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SLOW_MBPS = option('slow-mbps', 1);
const RUNS = option('runs', 3);
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';
const bench = await startBench(
  { METRICS_TOKEN },
  process.env.BENCH_SERVER_DIR ? { dir: process.env.BENCH_SERVER_DIR } : {},
);
const pool = new pg.Pool({ connectionString: bench.dbUrl, max: 4 });
const mb = (kb) => (kb / 1024).toFixed(0);

/** The server's /metrics text. */
const metricsText = () =>
  fetch(`${bench.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) =>
    r.text(),
  );

/** The server's V8 heap in use, in kB (prom-client's nodejs_heap_size_used_bytes). */
const heapOf = (text) => Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? Number.NaN) / 1024;
const heapKb = async () => heapOf(await metricsText());

/**
 * Where the memory is, in kB: each V8 heap space's size (new, old, large_object, new_large_object, code, ...:
 * nodejs_heap_space_size_total_bytes, what the space holds from the system) and the memory outside the heap that V8
 * knows of (nodejs_external_memory_bytes: Buffers' and zlib's). Printed as peak growth per download, to tell which
 * part grows with the rows.
 */
function spacesKb(text) {
  const found = { external: Number(/^nodejs_external_memory_bytes (\S+)/m.exec(text)?.[1] ?? 0) / 1024 };
  for (const m of text.matchAll(/^nodejs_heap_space_size_total_bytes\{space="([a-z_]+)"\} (\S+)/gm))
    found[m[1]] = Number(m[2]) / 1024;
  return found;
}

try {
  const main =
    (await bench.signIn('Report Co')) ??
    (await bench.signIn('Dashboard Co')) ??
    (await bench.register('Report Co'));
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM products WHERE company_id = $1', [
    main.companyId,
  ]);
  if (rows[0].n === 0) await seedProducts(pool, main.companyId, PRODUCTS, 'M');
  const products = rows[0].n || PRODUCTS;
  console.log(`Inventory report of ${products.toLocaleString('en-US')} products`);
  const headers = { authorization: `Bearer ${main.token}` };
  let fastSeconds = 0;
  for (let run = 1; run <= RUNS; run++) {
    await bench.resetPeak();
    const before = bench.rssKb();
    const heapBefore = await heapKb();
    let heapPeak = heapBefore;
    const spacesBefore = spacesKb(await metricsText());
    const spacesPeak = { ...spacesBefore };
    let sampling = true;
    const heapSampler = (async () => {
      while (sampling) {
        const text = await metricsText();
        heapPeak = Math.max(heapPeak, heapOf(text));
        for (const [space, kb] of Object.entries(spacesKb(text)))
          spacesPeak[space] = Math.max(spacesPeak[space] ?? 0, kb);
        await new Promise((done) => setTimeout(done, 100));
      }
    })();
    const t0 = performance.now();
    const res = await fetch(`${bench.base}/api/reports/inventory.csv`, { headers });
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    const seconds = (performance.now() - t0) / 1000;
    sampling = false;
    await heapSampler;
    fastSeconds = seconds;
    console.log(
      `download ${run}: ${(bytes / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s (${(products / seconds).toFixed(0)} rows/s, ${(bytes / 1024 / 1024 / seconds).toFixed(1)} MB/s); server RSS before ${mb(before)} MB, peak growth ${mb(bench.peakKb() - before)} MB; heap before ${mb(heapBefore)} MB, peak growth ${mb(heapPeak - heapBefore)} MB`,
    );
    console.log(
      `  peak growth by part (MB): ${Object.entries(spacesPeak)
        .map(([space, kb]) => `${space} ${mb(kb - (spacesBefore[space] ?? 0))}`)
        .join(', ')}`,
    );
  }
  if (SLOW_MBPS > 0) await slowDownload(headers, fastSeconds);
} finally {
  await pool.end();
  await bench.stop();
}

/** The slow reader: reads a chunk, then waits until its average rate is back down to SLOW_MBPS. */
async function slowDownload(headers, fastSeconds) {
  await bench.resetPeak();
  const rssStart = bench.rssKb();
  const heapStart = await heapKb();
  const samples = [];
  let bytes = 0;
  const t0 = performance.now();
  const sampler = setInterval(async () => {
    const at = (performance.now() - t0) / 1000;
    const rss = bench.rssKb();
    samples.push({ at, rss, heap: await heapKb(), bytes });
  }, 1000);
  const res = await fetch(`${bench.base}/api/reports/inventory.csv`, { headers });
  const reader = res.body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    bytes += r.value.length;
    const due = (bytes / (SLOW_MBPS * 1024 * 1024)) * 1000 - (performance.now() - t0);
    if (due > 0) await new Promise((done) => setTimeout(done, due));
  }
  clearInterval(sampler);
  const seconds = (performance.now() - t0) / 1000;
  const peak = bench.peakKb();
  console.log(
    `\nslow reader at ${SLOW_MBPS} MB/s: ${(bytes / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s (the server alone: ${fastSeconds.toFixed(1)} s, so it was ${(seconds / fastSeconds).toFixed(1)}x faster than this reader); server RSS at start ${mb(rssStart)} MB, heap ${mb(heapStart)} MB; peak RSS growth ${mb(peak - rssStart)} MB`,
  );
  console.log('  time     read by client   RSS growth   heap growth   (MB; sampled every second)');
  for (let tenth = 1; tenth <= 10; tenth++) {
    const s = samples.filter((x) => x.at <= (seconds * tenth) / 10).at(-1);
    if (!s) continue;
    console.log(
      `  ${s.at.toFixed(0).padStart(4)} s   ${(s.bytes / 1024 / 1024).toFixed(0).padStart(10)}   ${mb(s.rss - rssStart).padStart(10)}   ${mb(s.heap - heapStart).padStart(11)}`,
    );
  }
  const max = (k) => Math.max(...samples.map((x) => x[k]));
  const min = (k) => Math.min(...samples.map((x) => x[k]));
  console.log(
    `  over ${samples.length} samples: RSS growth ${mb(min('rss') - rssStart)} to ${mb(max('rss') - rssStart)} MB, heap growth ${mb(min('heap') - heapStart)} to ${mb(max('heap') - heapStart)} MB`,
  );
}
