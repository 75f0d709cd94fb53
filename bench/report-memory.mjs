// The inventory report's memory on a fresh server: seeds one company's catalogue (1,000,000 products by default) on
// the PostgreSQL server, downloads GET /api/reports/inventory.csv three times in a row, and prints for each its size,
// time and the server's peak resident memory growth (Linux /proc). bench/dashboard.mjs measures the same download
// after its statistics runs, on a server whose heap those runs have already grown.
// Then one slow download (a client reading at --slow-mbps, 4 MB/s by default): the server must wait for the client
// (backpressure) instead of reading the catalogue ahead into memory, so its memory at each tenth of the file is
// printed beside its size at the start.
// Usage: node bench/report-memory.mjs [products=1000000] [--slow-mbps=4]   (BENCH_DATABASE_URL as for the others)
import pg from 'pg';
import { seedProducts, startBench } from './lib.mjs';

const PRODUCTS = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 1_000_000);
const SLOW_MBPS = Number(process.argv.find((a) => a.startsWith('--slow-mbps='))?.split('=')[1] ?? 4);
const bench = await startBench();
const pool = new pg.Pool({ connectionString: bench.dbUrl, max: 4 });
try {
  const main = await bench.register('Report Co');
  await seedProducts(pool, main.companyId, PRODUCTS, 'M');
  const headers = { authorization: `Bearer ${main.token}` };
  for (let run = 1; run <= 3; run++) {
    await bench.resetPeak();
    const before = bench.rssKb();
    const t0 = performance.now();
    const res = await fetch(`${bench.base}/api/reports/inventory.csv`, { headers });
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `download ${run}: ${(bytes / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s (${(PRODUCTS / seconds).toFixed(0)} rows/s); server RSS before ${(before / 1024).toFixed(0)} MB, peak growth ${((bench.peakKb() - before) / 1024).toFixed(0)} MB`,
    );
  }
  // The slow reader: reads a chunk, then waits until its average rate is back down to SLOW_MBPS.
  await bench.resetPeak();
  const before = bench.rssKb();
  const t0 = performance.now();
  const res = await fetch(`${bench.base}/api/reports/inventory.csv`, { headers });
  const reader = res.body.getReader();
  let bytes = 0;
  let nextMark = 0;
  const marks = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    bytes += r.value.length;
    const due = (bytes / (SLOW_MBPS * 1024 * 1024)) * 1000 - (performance.now() - t0);
    if (due > 0) await new Promise((done) => setTimeout(done, due));
    // Rows sent so far, at each 10 MB: the server's memory must not follow them.
    if (bytes >= nextMark) {
      marks.push(`${(bytes / 1024 / 1024).toFixed(0)} MB: +${((bench.rssKb() - before) / 1024).toFixed(0)}`);
      nextMark += 10 * 1024 * 1024;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `slow reader at ${SLOW_MBPS} MB/s: ${(bytes / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s; server RSS before ${(before / 1024).toFixed(0)} MB, peak growth ${((bench.peakKb() - before) / 1024).toFixed(0)} MB; growth (MB) as the file went: ${marks.join(', ')}`,
  );
} finally {
  await pool.end();
  await bench.stop();
}
